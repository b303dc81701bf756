#include "paddle/pir/core/ir_printer.h"

#include <sstream>
#include <unordered_map>

#include "paddle/pir/core/block.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

namespace pir {
namespace {

constexpr const char* kNullValue = "<<NULL VALUE>>";
constexpr const char* kNullType = "<<NULL TYPE>>";
constexpr int kIndent = 4;

class IrPrinter {
 public:
  explicit IrPrinter(std::ostream& os) : os_(os) {}

  // When set, the line of `target` is kept in target_line_ as it prints.
  void set_target(const Operation* target) { target_ = target; }
  const std::string& target_line() const { return target_line_; }

  void PrintBlockBody(const Block& block, int indent) {
    for (const Operation* op : block) PrintOp(*op, indent);
  }

  void PrintOp(const Operation& op, int indent) {
    std::ostringstream line;
    line << "(";
    for (uint32_t i = 0; i < op.num_results(); ++i) {
      std::string name = "%";
      name += std::to_string(next_value_++);
      names_[op.result(i).impl()] = name;
      line << (i ? ", " : "") << name;
    }
    line << ") = \"" << PrintedOpName(op) << "\" (";
    std::vector<Value> operands = op.operands();
    for (size_t i = 0; i < operands.size(); ++i) line << (i ? ", " : "") << Name(operands[i]);
    line << ") {";
    bool first = true;
    for (const auto& [name, value] : op.attributes()) {
      line << (first ? "" : ",") << name << ":" << AttributeText(op, name, value);
      first = false;
    }
    // An op with regions (pd_op.if, pd_op.while) prints no operand types,
    // as PaddlePaddle 3.x prints it.
    if (op.num_regions() == 0) {
      line << "} : (";
      for (size_t i = 0; i < operands.size(); ++i) line << (i ? ", " : "") << TypeText(operands[i]);
      line << ") -> ";
    } else {
      line << "} -> ";
    }
    for (uint32_t i = 0; i < op.num_results(); ++i) line << (i ? ", " : "") << TypeText(op.result(i));
    if (&op == target_) target_line_ = line.str();
    os_ << std::string(indent, ' ') << line.str();
    for (uint32_t r = 0; r < op.num_regions(); ++r) {
      os_ << (r ? " else {\n" : " {\n");
      PrintRegion(op.region(r), indent);
      os_ << std::string(indent, ' ') << "}";
    }
    os_ << "\n";
  }

 private:
  void PrintRegion(const Region& region, int indent) {
    for (const auto& block : region) {
      if (block->num_arguments() > 0 || region.size() > 1) {
        os_ << std::string(indent, ' ') << "^";
        for (size_t i = 0; i < block->num_arguments(); ++i) {
          Value arg = block->argument(i);
          std::string name = "%arg_";
          name += std::to_string(next_arg_++);
          names_[arg.impl()] = name;
          os_ << (i ? ", " : "") << name << ": " << TypeText(arg);
        }
        os_ << "\n";
      }
      PrintBlockBody(*block, indent + kIndent);
    }
  }

  std::string Name(Value v) const {
    if (!v) return kNullValue;
    auto it = names_.find(v.impl());
    return it == names_.end() ? "%<undefined>" : it->second;
  }

  static std::string TypeText(Value v) { return v && v.type() ? v.type().ToString() : kNullType; }

  // Note [Attribute text]: tagged where the parser would read another kind.
  static std::string AttributeText(const Operation& op, const std::string& name, Attribute value) {
    if (!value) return "<<NULL ATTRIBUTE>>";
    const AttrSpec* spec = FindAttributeSpec(op, name);
    if (!spec || spec->kind == AttrKind::kAny) return value.TaggedText();
    if (value.kind() == AttrKind::kArray && spec->kind == AttrKind::kArray && spec->element != AttrKind::kAny) {
      // Elements of the declared kind read back by the declaration: untagged, as Paddle prints them.
      std::string text = "[";
      for (Attribute element : value.dyn_cast<ArrayAttribute>().data()) {
        if (text.size() > 1) text += ",";
        text += element.kind() == spec->element ? element.ToString() : element.TaggedText();
      }
      return text + "]";
    }
    if (value.kind() == spec->kind) return value.ToString();
    return std::string("(") + AttrKindName(value.kind()) + ")" + value.ToString();
  }

  std::ostream& os_;
  std::unordered_map<const ValueImpl*, std::string> names_;
  size_t next_value_ = 0;
  size_t next_arg_ = 0;
  const Operation* target_ = nullptr;
  std::string target_line_;
};

const Operation& TopOf(const Operation& op) {
  const Operation* top = &op;
  while (top->parent_op()) top = top->parent_op();
  return *top;
}

}  // namespace

void PrintProgram(std::ostream& os, const Program& program) {
  IrPrinter printer(os);
  os << "{\n";
  printer.PrintBlockBody(*program.block(), kIndent);
  os << "}\n";
}

std::string Program::Print() const {
  std::ostringstream os;
  PrintProgram(os, *this);
  return os.str();
}

std::string DescribeOperation(const Operation& op) {
  std::ostringstream discard;
  IrPrinter printer(discard);
  printer.set_target(&op);
  const Operation& top = TopOf(op);
  if (&top == &op) {
    printer.PrintOp(op, 0);
  } else {
    for (uint32_t r = 0; r < top.num_regions(); ++r) {
      for (const auto& block : top.region(r)) printer.PrintBlockBody(*block, 0);
    }
  }
  return printer.target_line();
}

}  // namespace pir
