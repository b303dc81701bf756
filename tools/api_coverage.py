"""Writes docs/api_coverage.md: every public name of PaddlePaddle 3.x's eager
modules (tools/paddle_compat/paddle_api_names.json, collected from an
installed paddlepaddle by tools/paddle_compat/collect_api_names.py) with its
status here: present and named by a test under test/python, present, or
absent (with the reason, where leaving it out is a decision); then each
present function's and class's signature against Paddle's
(tools/paddle_compat/signatures/<module>.json, from
collect_api_signatures.py): the parameters and keyword aliases Paddle takes
that it does not, and positional parameters in another order.

    python3 tools/api_coverage.py > docs/api_coverage.md
"""

from __future__ import annotations

import glob
import importlib
import inspect
import json
import os
import re

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
NAMES = os.path.join(ROOT, "tools", "paddle_compat", "paddle_api_names.json")
SIGNATURES = os.path.join(ROOT, "tools", "paddle_compat", "signatures")

# Names left out on purpose: (module, name) -> why.
_GPU_ONLY = "a fused GPU kernel of Paddle's (no CPU form in Paddle either)"
_DISTRIBUTED = "a model-parallel op: comes with hybrid parallelism"
_DOWNLOAD = "downloads its data from the network, which this package does not do"
_OTHER_HARDWARE = "for XPU or IPU hardware, which this package does not support"
_LEGACY_TYPE = "a legacy tensor type of Paddle's fluid API (selected rows, string and vocabulary tensors)"
_DIST_TENSOR = "a distributed-tensor attribute: comes with auto-parallel"
REASONS: dict[tuple[str, str], str] = {
    **{("paddle.nn.functional", n): _GPU_ONLY for n in (
        "flash_attention_v3_varlen", "flash_attn_qkvpacked", "flash_attn_varlen_qkvpacked", "flashmask_attention",
        "moe_permute", "moe_unpermute", "sparse_attention")},
    **{("paddle.nn.functional", n): _DISTRIBUTED for n in ("class_center_sample", "margin_cross_entropy")},
    ("paddle.linalg", "fp8_fp8_half_gemm_fused"): _GPU_ONLY,
    **{("paddle.vision.datasets", n): _DOWNLOAD for n in ("Flowers", "VOC2012")},
    ("paddle.audio", "datasets"): _DOWNLOAD,
    ("paddle.callbacks", "VisualDL"): "logs to the VisualDL service, an optional package this one does not ship",
    ("paddle.callbacks", "WandbCallback"): "logs to Weights & Biases, an external service",
    **{(m, n): _OTHER_HARDWARE for m in ("paddle", "paddle.device")
       for n in ("XPUPinnedPlace", "XPUPlace", "IPUPlace")},
    **{("paddle.Tensor", n): _LEGACY_TYPE for n in (
        "get_map_tensor", "get_selected_rows", "is_selected_rows", "rows", "set_string_list", "set_vocab",
        "set_tensor", "get_tensor")},
    **{("paddle.Tensor", n): _DIST_TENSOR for n in ("num_shard", "placements", "process_mesh")},
    **{(m, n): "8-bit floats have no kernels here yet" for m in ("paddle",) for n in ("float8_e4m3fn", "float8_e5m2")},
    **{(m, n): "unsigned dtypes beyond uint8 have no kernels here yet (nor in Paddle)" for m in ("paddle",)
       for n in ("uint32", "uint64")},
    ("paddle", "pstring"): _LEGACY_TYPE,
    ("paddle.Tensor", "block"): "the block of Paddle's legacy (pre-PIR) program that an eager tensor reports; "
                                "programs here are PIR programs",
}

TESTED, PRESENT, ABSENT = "tested", "present", "absent"

# Parameters left out on purpose: qualified name -> why.
SIGNATURE_REASONS: dict[str, str] = {
    "paddle.jit.TranslatedLayer": "built here from the loaded PIR program, not from Paddle's program descriptions",
}


def _test_words() -> set[str]:
    words: set[str] = set()
    for path in glob.glob(os.path.join(ROOT, "test", "python", "*.py")):
        with open(path, encoding="utf-8") as f:
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f.read()))
    return words


def _owner(module_name: str):
    import paddle

    if module_name == "paddle.Tensor":
        return paddle.Tensor
    try:
        return importlib.import_module(module_name)
    except ImportError:
        return None


def statuses(names: dict[str, list[str]]) -> dict[str, list[tuple[str, str]]]:
    """module -> [(name, status)], in the JSON's order."""
    words = _test_words()
    table = {}
    for module_name, module_names in sorted(names.items()):
        owner = _owner(module_name)
        rows = []
        for name in module_names:
            if owner is None or not hasattr(owner, name):
                rows.append((name, ABSENT))
            else:
                rows.append((name, TESTED if name in words else PRESENT))
        table[module_name] = rows
    return table


_POSITIONAL = ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD")


def _our_parameters(obj) -> list[tuple[str, str]] | None:
    """(name, kind) of each parameter of our function or class, from its
    signature or, for a generated op, its binding's signature line; None
    when it takes any keyword (**kwargs)."""
    target = obj.__init__ if inspect.isclass(obj) else obj
    try:
        params = [(p.name, p.kind.name) for p in inspect.signature(target).parameters.values()]
    except (TypeError, ValueError):
        first_line = (getattr(target, "__doc__", None) or "").split("\n")[0]
        match = re.match(r"\w+\((.*)\) ->", first_line)
        if not match:
            return []
        params, kind = [], "POSITIONAL_OR_KEYWORD"
        for part in re.split(r",\s*(?![^\[]*\])", match.group(1)):
            if part.strip() == "*":
                kind = "KEYWORD_ONLY"
            elif part.strip().startswith("**"):
                params.append((part.strip()[2:].split(":")[0], "VAR_KEYWORD"))
            else:
                params.append((part.split(":")[0].split("=")[0].strip(), kind))
    if any(kind == "VAR_KEYWORD" for _, kind in params):
        return None
    if params and params[0][0] == "self":
        params = params[1:]
    return params


def signature_gaps(signatures: dict) -> tuple[int, list[tuple[str, list[str], bool]]]:
    """How many present callables were compared, and for each that differs:
    (qualified name, Paddle's parameters and aliases it lacks, whether the
    positional parameters they share come in another order)."""
    compared, gaps = 0, []
    for qual, entry in sorted(signatures.items()):
        module_name, name = qual.rsplit(".", 1)
        owner = _owner(module_name)
        obj = getattr(owner, name, None) if owner is not None else None
        if obj is None or not callable(obj):
            continue
        ours = _our_parameters(obj)
        if ours is None:
            continue
        compared += 1
        own_names = {n for n, _ in ours}
        theirs = [p for p in entry["params"] if p[1] not in ("VAR_POSITIONAL", "VAR_KEYWORD") and p[0] != "name"]
        if module_name == "paddle.Tensor" and theirs and theirs[0][0] in ("x", "self") and "x" not in own_names:
            theirs = theirs[1:]  # the method's tensor, which Paddle's functions-as-methods name x
        missing = [p[0] for p in theirs if p[0] not in own_names] + [
            a for a in entry.get("aliases", ()) if a not in own_names]
        their_order = [p[0] for p in theirs if p[1] in _POSITIONAL]
        our_order = [n for n, kind in ours if kind in _POSITIONAL and n in their_order]
        reordered = [n for n in their_order if n in our_order] != our_order
        if missing or reordered:
            gaps.append((qual, missing, reordered))
    return compared, gaps


def _signature_lines(signatures: dict) -> list[str]:
    compared, gaps = signature_gaps(signatures)
    lines = [
        "",
        "## Signatures",
        "",
        f"{compared - len(gaps)} of the {compared} present functions, methods and classes compared take every "
        "parameter and keyword alias PaddlePaddle's takes (its `name` aside), with the positional ones in "
        "Paddle's order. The others (a function taking `**kwargs` is not compared):",
        "",
    ]
    for qual, missing, reordered in gaps:
        parts = [f"lacks {', '.join(f'`{m}`' for m in missing)}"] if missing else []
        if reordered:
            parts.append("positional parameters in another order")
        reason = SIGNATURE_REASONS.get(qual)
        lines.append(f"- `{qual}`: " + "; ".join(parts) + (f" ({reason})" if reason else ""))
    return lines


def emit(data: dict, signatures: dict | None = None) -> str:
    table = statuses(data["names"])
    lines = [
        "# API coverage against PaddlePaddle " + data["paddle_version"],
        "",
        "Generated by `python3 tools/api_coverage.py > docs/api_coverage.md` from the public names of",
        "PaddlePaddle's eager modules (`tools/paddle_compat/paddle_api_names.json`; each module's `__all__`,",
        "and Tensor's public attributes). *tested*: present here and named by a test under `test/python`;",
        "*present*: present, not named by a test; *absent*: missing here, with the reason where that is a",
        "decision.",
        "",
        "| module | names | tested | present | absent |",
        "|---|---|---|---|---|",
    ]
    totals = [0, 0, 0, 0]
    for module_name, rows in table.items():
        counts = [len(rows)] + [sum(1 for _, s in rows if s == k) for k in (TESTED, PRESENT, ABSENT)]
        totals = [t + c for t, c in zip(totals, counts)]
        lines.append(f"| `{module_name}` | " + " | ".join(str(c) for c in counts) + " |")
    lines.append("| all | " + " | ".join(str(c) for c in totals) + " |")
    for module_name, rows in table.items():
        lines += ["", f"## `{module_name}`", ""]
        for status in (ABSENT, PRESENT, TESTED):
            chosen = [name for name, s in rows if s == status]
            if not chosen:
                continue
            if status == ABSENT:
                lines.append(f"Absent ({len(chosen)}):")
                lines.append("")
                for name in chosen:
                    reason = REASONS.get((module_name, name))
                    lines.append(f"- `{name}`" + (f": {reason}" if reason else ""))
                lines.append("")
            else:
                lines.append(f"{status.capitalize()} ({len(chosen)}): " + ", ".join(f"`{n}`" for n in chosen))
                lines.append("")
        while lines[-1] == "":
            lines.pop()
    if signatures is not None:
        lines += _signature_lines(signatures)
    return "\n".join(lines) + "\n"


def load_signatures() -> dict:
    """Paddle's signatures of every module: qualified name -> {"params": ..., "aliases": ...}."""
    signatures = {}
    for path in sorted(glob.glob(os.path.join(SIGNATURES, "*.json"))):
        with open(path, encoding="utf-8") as f:
            signatures.update(json.load(f)["signatures"])
    return signatures


def main() -> None:
    with open(NAMES, encoding="utf-8") as f:
        print(emit(json.load(f), load_signatures()), end="")


if __name__ == "__main__":
    main()
