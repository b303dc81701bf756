"""Note [Control flow in capture]: before a function is captured (Note
[Capture]), its `if` and `while` statements are rewritten so that the
branch taken can depend on a tensor's value. Each statement becomes calls
of functions made of its parts, and the variables it assigns are passed in
and returned:

    if x.sum() > 0:                    def _jst_true_0(y): y = x * 2; return (y,)
        y = x * 2              ->      def _jst_false_0(y): y = -x; return (y,)
    else:                              (y,) = _jst.convert_ifelse(x.sum() > 0, _jst_true_0, _jst_false_0,
        y = -x                                                    (_jst.load(lambda: y),))

At capture, convert_ifelse of a static value builds pd_op.if with both
branches (paddle.static.nn.cond) and convert_while of a value-dependent test
builds pd_op.while (while_loop); with a Python bool they run the branch or
loop as written, so Python control flow still unrolls. Numbers a branch or
loop body assigns become 0-D tensors there; other Python values must come
out the same. A `while` body's `break` and `continue` become flags: the
statements after one run under `if not (break or continue)` (an if like any
other), `continue` resets each iteration and the loop's test becomes `test
and not break`. An `if` with a `return` in it first takes in the statements
after it (Note [Early return]). Loops with `return` or `yield` in them,
`while ... else`, and `for` loops with an `else` or a target that is not a
name are left as written (capture then fails on a tensor test and the
function runs eagerly). A `for` over a tensor goes over range(its rows),
each row taken by indexing (a gather where the program picks it).

Note [Early return]: each `return v` becomes `_jst_return = v`, and the
statements after an `if` that holds a return move into both of its branches
(where a branch returned, they are dead and dropped), so every path ends at
the function's one `return _jst_return` (a path that ended without a
return sets it to None):

    if x.sum() > 0:                    if x.sum() > 0:
        return x * 2           ->          _jst_return = x * 2
    y = x + 1                          else:
    return y                               y = x + 1; _jst_return = y
                                       return _jst_return

Such an `if` leaves only _jst_return to what follows it, so a variable one
branch alone assigns (y) stays inside its branch."""

from __future__ import annotations

import ast
import copy
import inspect
import itertools
import numbers
import textwrap

import paddle
from paddle import _C

_RUNTIME = "_paddle_jst"


class _Undefined:
    """A variable not yet assigned when the statement starts."""

    def __repr__(self):
        return "<undefined>"


UNDEFINED = _Undefined()


def load(read):
    """read() (a lambda reading one variable), or UNDEFINED where the variable is not assigned yet."""
    try:
        return read()
    except (NameError, UnboundLocalError):
        return UNDEFINED


def _is_value(x):
    return isinstance(x, _C.pir.Value)


def _tensorized(outputs):
    """The outputs as (values, others): numbers and values become values; others stay, by position."""
    values, others = [], {}
    for i, o in enumerate(outputs):
        if _is_value(o):
            values.append(o)
        elif isinstance(o, numbers.Number) and not isinstance(o, (complex,)):
            dtype = "bool" if isinstance(o, bool) else ("int64" if isinstance(o, numbers.Integral) else
                                                       paddle.get_default_dtype())
            values.append(paddle.full([], o, dtype))
        else:
            others[i] = o
    return values, others


def _same(a, b):
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - a value without a plain equality is not the same
        return False


def convert_ifelse(pred, true_fn, false_fn, args):
    """The branch's outputs: pd_op.if of both branches for a static value, else the branch pred picks."""
    if not _is_value(pred):
        return (true_fn if pred else false_fn)(*args)
    built = {}

    def branch(fn, key):
        def build():
            values, others = _tensorized(fn(*args))
            built[key] = others
            first = built.get("true")
            if key == "false" and (set(first) != set(others) or any(
                    first[i] is not others[i] and not _same(first[i], others[i]) for i in first)):
                raise TypeError("a static Value decides an if whose branches leave a Python value (not a number "
                                "or tensor) different, or a variable defined in one branch only")
            return values

        return build

    try:
        values = paddle.static.nn.cond(pred, branch(true_fn, "true"), branch(false_fn, "false"))
    except ValueError as e:  # branches of different types: eager code may still run it
        raise TypeError(f"a static Value decides an if that cannot be one pd_op.if: {e}") from e
    true_others = built["true"]
    values = list(values) if isinstance(values, (list, tuple)) else ([] if values is None else [values])
    out, it = [], iter(values)
    for i in range(len(true_others) + len(values)):
        out.append(true_others[i] if i in true_others else next(it))
    return tuple(out)


def is_tensor(x):
    """Whether a for loop over x goes over a tensor's rows (a static value at capture, or an eager tensor)."""
    return _is_value(x) or isinstance(x, paddle.Tensor)


def rows(seq):
    """The number of rows of seq: an int, or a 0-D value where the program decides dim 0."""
    n = seq.shape[0] if seq.shape else None
    if n is None:
        raise TypeError("a for loop cannot iterate over a 0-D tensor")
    return paddle.shape(seq)[0] if n < 0 else n


def neither(a, b):
    """not (a or b), for flags that may be static values (then logical ops)."""
    if _is_value(a) or _is_value(b):
        return paddle.logical_not(paddle.logical_or(_as_bool(a), _as_bool(b)))
    return not (a or b)


def test_and_not(test, flag):
    """test() and not flag: a loop's test once its body may break (flag: the break flag)."""
    if _is_value(flag):
        return paddle.logical_and(_as_bool(test()), paddle.logical_not(flag))
    return False if flag else test()


def _as_bool(x):
    return x if _is_value(x) else paddle.full([], bool(x), "bool")


def convert_while(cond_fn, body_fn, args):
    """The loop variables after the loop: pd_op.while when the test is a static value, else a Python loop."""
    test = cond_fn(*args)
    if not _is_value(test):
        while test:
            args = body_fn(*args)
            test = cond_fn(*args)
        return args
    values, others = _tensorized(args)
    if any(o is UNDEFINED for o in others.values()):
        raise TypeError("a static Value decides a while loop that assigns a variable not defined before it")

    def rebuild(loop_values):
        out, it = [], iter(loop_values)
        for i in range(len(args)):
            out.append(others[i] if i in others else next(it))
        return out

    def body(*loop_values):
        next_values, next_others = _tensorized(body_fn(*rebuild(loop_values)))
        if set(next_others) != set(others) or any(next_others[i] is not others[i] for i in others):
            raise TypeError("a static Value decides a while loop whose body changes a Python value (not a number "
                            "or tensor)")
        return next_values

    try:
        finals = paddle.static.nn.while_loop(lambda *loop_values: cond_fn(*rebuild(loop_values)), body, values)
    except ValueError as e:  # a body that changes a variable's type: eager code may still run it
        raise TypeError(f"a static Value decides a while loop that cannot be one pd_op.while: {e}") from e
    return tuple(rebuild(finals))


class _Assigned(ast.NodeVisitor):
    """The names a block assigns, outside nested functions, lambdas and comprehensions."""

    def __init__(self):
        self.names = []

    def _add(self, name):
        if name not in self.names:
            self.names.append(name)

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Store):
            self._add(node.id)

    def visit_FunctionDef(self, node):
        if not node.name.startswith("_jst_"):  # the functions the rewrite makes are not variables
            self._add(node.name)

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef

    def visit_Lambda(self, node):
        pass

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_Lambda


def _assigned(statements):
    visitor = _Assigned()
    for s in statements:
        visitor.visit(s)
    return visitor.names


_LEAVES = (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _escapes(statements, in_loop=False):
    """Whether a block leaves by return or yield, declares global names, or breaks out of (or continues) a loop
    around it; nested functions and the loops inside the block aside."""
    for node in statements:
        if isinstance(node, _LEAVES) or (not in_loop and isinstance(node, (ast.Break, ast.Continue))):
            return True
        if isinstance(node, _SCOPES):
            continue
        loop = in_loop or isinstance(node, (ast.For, ast.AsyncFor, ast.While))
        if _escapes(list(ast.iter_child_nodes(node)), loop):
            return True
    return False


_RETURN = "_jst_return"


def _statements_of(node):
    """The nodes inside node, nested functions and classes aside."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, _SCOPES):
            yield child
            yield from _statements_of(child)


def _lowerable_returns(definition):
    """Whether the function's returns can be lowered (Note [Early return]): one is inside an if, none inside a
    loop, and it yields nothing."""
    nodes = list(_statements_of(definition))
    if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
        return False
    loops = [n for n in nodes if isinstance(n, (ast.For, ast.AsyncFor, ast.While))]
    if any(isinstance(m, ast.Return) for loop in loops for m in _statements_of(loop)):
        return False
    return any(isinstance(m, ast.Return) for n in nodes if isinstance(n, ast.If) for m in _statements_of(n))


def _lower_returns(statements):
    """The statements with their returns lowered (Note [Early return]); every path ends assigning _jst_return."""
    out = []
    for i, node in enumerate(statements):
        if isinstance(node, ast.Return):
            out.append(ast.Assign(targets=[ast.Name(id=_RETURN, ctx=ast.Store())],
                                  value=node.value or ast.Constant(value=None)))
            return out
        if isinstance(node, ast.If) and any(isinstance(m, ast.Return) for m in _statements_of(node)):
            rest = statements[i + 1:]
            node.body = _lower_returns(node.body + copy.deepcopy(rest))
            node.orelse = _lower_returns(node.orelse + copy.deepcopy(rest))
            node.jst_leaves_return_only = True
            out.append(node)
            return out
        out.append(node)
    out.append(_assign(_RETURN, None))
    return out


def _arguments(names):
    return ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in names], vararg=None, kwonlyargs=[],
                         kw_defaults=[], kwarg=None, defaults=[])


def _function(name, params, body):
    return ast.FunctionDef(name=name, args=_arguments(params), body=body, decorator_list=[], returns=None,
                           type_comment=None)


def _names(names, ctx):
    return ast.Tuple(elts=[ast.Name(id=n, ctx=ctx()) for n in names], ctx=ctx())


def _runtime(attr):
    return ast.Attribute(value=ast.Name(id=_RUNTIME, ctx=ast.Load()), attr=attr, ctx=ast.Load())


def _assign(name, value):
    return ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=ast.Constant(value=value))


def _exits_loop(statements):
    """Whether a loop body breaks or continues this loop (not a loop inside it, nor a nested function)."""
    for node in statements:
        if isinstance(node, (ast.Break, ast.Continue)):
            return True
        if isinstance(node, _SCOPES + (ast.For, ast.AsyncFor, ast.While)):
            continue
        if _exits_loop(list(ast.iter_child_nodes(node))):
            return True
    return False


def _flagged(statements, brk, cont):
    """A loop body's statements with `break` as brk = True and `continue` as cont = True, the statements after
    one that may set a flag guarded by `if not (brk or cont)` (Note [Control flow in capture])."""
    out = []
    for i, node in enumerate(statements):
        if isinstance(node, ast.Break):
            return out + [_assign(brk, True)]
        if isinstance(node, ast.Continue):
            return out + [_assign(cont, True)]
        if isinstance(node, ast.If) and _exits_loop([node]):
            node.body = _flagged(node.body, brk, cont)
            node.orelse = _flagged(node.orelse, brk, cont)
            rest = _flagged(statements[i + 1:], brk, cont)
            guard = ast.Call(func=_runtime("neither"), args=[ast.Name(id=brk, ctx=ast.Load()),
                                                              ast.Name(id=cont, ctx=ast.Load())], keywords=[])
            return out + [node] + ([ast.If(test=guard, body=rest, orelse=[])] if rest else [])
        out.append(node)
    return out


class _Transformer(ast.NodeTransformer):
    def __init__(self):
        self._ids = itertools.count()

    @staticmethod
    def _call(helper, args, names, outputs=None):
        """outputs = helper(*args, (names' values,)); outputs default to the names."""
        outputs = names if outputs is None else outputs
        loads = ast.Tuple(elts=[ast.Call(func=_runtime("load"), args=[ast.Lambda(args=_arguments([]), body=ast.Name(
            id=n, ctx=ast.Load()))], keywords=[]) for n in names], ctx=ast.Load())
        call = ast.Call(func=_runtime(helper), args=args + [loads], keywords=[])
        return ast.Assign(targets=[_names(outputs, ast.Store)], value=call) if outputs else ast.Expr(value=call)

    def visit_If(self, node):
        self.generic_visit(node)
        if _escapes(node.body) or _escapes(node.orelse):
            return node
        names = _assigned(node.body + node.orelse)
        # An if that took in the rest of its function leaves only the return value (Note [Early return]).
        outputs = [_RETURN] if getattr(node, "jst_leaves_return_only", False) else names
        k = next(self._ids)
        result = ast.Return(value=_names(outputs, ast.Load))
        true_fn = _function(f"_jst_true_{k}", names, node.body + [result])
        false_fn = _function(f"_jst_false_{k}", names, (node.orelse or [ast.Pass()]) + [result])
        call = self._call("convert_ifelse", [node.test, ast.Name(id=true_fn.name, ctx=ast.Load()),
                                             ast.Name(id=false_fn.name, ctx=ast.Load())], names, outputs)
        return [true_fn, false_fn, call]

    def visit_For(self, node):
        """for i in range(...) as a while loop over a counter (so a tensor bound makes one pd_op.while); a for
        over a tensor as one over the range of its rows; other for loops stay Python loops."""
        it = node.iter
        if node.orelse or not isinstance(node.target, ast.Name):
            self.generic_visit(node)
            return node
        if (not isinstance(it, ast.Call) or not isinstance(it.func, ast.Name) or it.func.id != "range"
                or it.keywords or not 1 <= len(it.args) <= 3):
            return self._for_each(node)
        k = next(self._ids)
        counter, stop = f"_jst_i_{k}", f"_jst_stop_{k}"
        start = it.args[0] if len(it.args) > 1 else ast.Constant(value=0)
        bound = it.args[1] if len(it.args) > 1 else it.args[0]
        step = it.args[2] if len(it.args) == 3 else ast.Constant(value=1)
        negative = isinstance(step, ast.UnaryOp) and isinstance(step.op, ast.USub) or (
            isinstance(step, ast.Constant) and isinstance(step.value, (int, float)) and step.value < 0)
        test = ast.Compare(left=ast.Name(id=counter, ctx=ast.Load()), ops=[ast.Gt() if negative else ast.Lt()],
                           comparators=[ast.Name(id=stop, ctx=ast.Load())])
        # the counter moves before the body, so a continue (a flag) skips the body's rest, not the step
        body = [ast.Assign(targets=[node.target], value=ast.Name(id=counter, ctx=ast.Load())),
                ast.AugAssign(target=ast.Name(id=counter, ctx=ast.Store()), op=ast.Add(), value=step)] + node.body
        loop = ast.While(test=test, body=body, orelse=[])
        # the target starts as the counter too: a loop value needs a value before the loop (after a loop that
        # ran zero times it holds the start, where Python would leave it unassigned)
        setup = [ast.Assign(targets=[ast.Name(id=counter, ctx=ast.Store())], value=start),
                 ast.Assign(targets=[ast.Name(id=stop, ctx=ast.Store())], value=bound),
                 ast.Assign(targets=[ast.Name(id=node.target.id, ctx=ast.Store())],
                            value=ast.Name(id=counter, ctx=ast.Load()))]
        converted = self.visit_While(loop)
        return setup + (converted if isinstance(converted, list) else [converted])

    def _for_each(self, node):
        """for x in seq: when seq is a tensor at capture (a Python test), the loop over range(rows(seq)) taking
        x = seq[i], with x first seq[0] (a loop value needs one before the loop); otherwise as written."""
        k = next(self._ids)
        seq, index = f"_jst_seq_{k}", f"_jst_row_{k}"
        as_written = ast.For(target=node.target, iter=ast.Name(id=seq, ctx=ast.Load()), body=copy.deepcopy(node.body),
                             orelse=[])
        self.generic_visit(as_written)
        read = ast.Name(id=seq, ctx=ast.Load())
        take = ast.Assign(targets=[ast.Name(id=node.target.id, ctx=ast.Store())],
                          value=ast.Subscript(value=read, slice=ast.Name(id=index, ctx=ast.Load()), ctx=ast.Load()))
        over_rows = ast.For(target=ast.Name(id=index, ctx=ast.Store()),
                            iter=ast.Call(func=ast.Name(id="range", ctx=ast.Load()),
                                          args=[ast.Call(func=_runtime("rows"), args=[read], keywords=[])],
                                          keywords=[]),
                            body=[take] + node.body, orelse=[])
        first = ast.Assign(targets=[ast.Name(id=node.target.id, ctx=ast.Store())],
                           value=ast.Subscript(value=read, slice=ast.Constant(value=0), ctx=ast.Load()))
        converted = self.visit_For(over_rows)
        tensor_loop = [first] + (converted if isinstance(converted, list) else [converted])
        test = ast.Call(func=_runtime("is_tensor"), args=[read], keywords=[])
        return [ast.Assign(targets=[ast.Name(id=seq, ctx=ast.Store())], value=node.iter),
                ast.If(test=test, body=tensor_loop, orelse=[as_written])]

    def visit_While(self, node):
        before = []
        if not node.orelse and _exits_loop(node.body):  # break/continue become flags (Note above)
            k = next(self._ids)
            brk, cont = f"_jst_break_{k}", f"_jst_continue_{k}"
            node.body = [_assign(cont, False)] + _flagged(node.body, brk, cont)
            node.test = ast.Call(func=_runtime("test_and_not"), args=[
                ast.Lambda(args=_arguments([]), body=node.test), ast.Name(id=brk, ctx=ast.Load())], keywords=[])
            before = [_assign(brk, False), _assign(cont, False)]
        self.generic_visit(node)
        if node.orelse or _escapes(node.body, in_loop=False):
            return before + [node] if before else node
        names = _assigned(node.body)
        k = next(self._ids)
        cond_fn = _function(f"_jst_cond_{k}", names, [ast.Return(value=node.test)])
        body_fn = _function(f"_jst_body_{k}", names, node.body + [ast.Return(value=_names(names, ast.Load))])
        call = self._call("convert_while", [ast.Name(id=cond_fn.name, ctx=ast.Load()),
                                            ast.Name(id=body_fn.name, ctx=ast.Load())], names)
        return before + [cond_fn, body_fn, call]


def convert_control_flow(function):
    """function with its if and while statements rewritten (above), or function itself where its source is not
    available or holds neither."""
    if getattr(function, "_paddle_jst_converted", False):
        return function
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return function
    definition = tree.body[0] if tree.body else None
    if not isinstance(definition, ast.FunctionDef) or definition.name != function.__name__:
        return function  # a lambda, or source that is not the function's own definition
    if not any(isinstance(n, (ast.If, ast.While, ast.For)) for n in ast.walk(definition)):
        return function
    definition.decorator_list = []
    if _lowerable_returns(definition):
        definition.body = _lower_returns(definition.body) + [ast.Return(value=ast.Name(id=_RETURN, ctx=ast.Load()))]
    _Transformer().visit(definition)
    free = function.__code__.co_freevars
    factory = _function("_jst_factory", free, [definition, ast.Return(value=ast.Name(id=definition.name,
                                                                                        ctx=ast.Load()))])
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, function.__code__.co_firstlineno - 1)
    namespace = function.__globals__
    namespace.setdefault(_RUNTIME, __import__(__name__, fromlist=["convert_ifelse"]))
    local = {}
    exec(compile(module, function.__code__.co_filename, "exec"), namespace, local)  # noqa: S102
    cells = [c.cell_contents for c in (function.__closure__ or ())]
    converted = local["_jst_factory"](*cells)
    converted.__defaults__ = function.__defaults__
    converted.__kwdefaults__ = function.__kwdefaults__
    converted._paddle_jst_converted = True
    return converted
