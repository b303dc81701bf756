"""paddle.static.Executor: runs a program on feeds and returns the fetched values."""

from __future__ import annotations

import numpy as np

from paddle import _C
from paddle.static.compiled_program import CompiledProgram
from paddle.static.program import default_main_program
from paddle.static.scope import global_scope

Value = _C.pir.Value


class Executor:
    """Runs static programs. Each (program, fetch list) is prepared once
    and reused by later runs: a copy of the program is optimized (constant
    folding, common subexpressions, exact simplifications, dead code) and
    lowered to kernels for `place`, attributes are decoded, kernels found
    and the release of intermediates planned (docs/guide/pir.md).

    Args:
        place (paddle.Place, optional): where the kernels run; None for the
            default place.

    Examples:
        >>> import numpy as np
        >>> import paddle
        >>> paddle.enable_static()
        >>> main = paddle.static.Program()
        >>> with paddle.static.program_guard(main):
        ...     x = paddle.static.data("x", [None, 2], "float32")
        ...     y = paddle.sum(x * 2.0)
        >>> exe = paddle.static.Executor(paddle.CPUPlace())
        >>> exe.run(main, feed={"x": np.ones((3, 2), "float32")}, fetch_list=[y])[0]
        array(12., dtype=float32)
        >>> paddle.disable_static()
    """

    def __init__(self, place=None):
        self.place = place
        self._prepared = {}
        self._deferred = {}  # whether a program (by id and version) has deferred gradients

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed", fetch_var_name="fetch",
            scope=None, return_numpy=True, use_program_cache=True):
        """Runs `program` (a Program or CompiledProgram; the default main program when None) with `feed`
        ({name: numpy array, number or Tensor}) and returns the values of
        `fetch_list` (Values, or names of the program's outputs), as NumPy
        arrays when return_numpy (else Tensors).

        Parameters live in `scope` (the global scope when None): run the
        startup program once to initialize them.

        Raises ValueError naming the input for a missing, unknown or
        mismatched feed (dtype, or a dim the input fixes).
        """
        program = program if program is not None else default_main_program()
        if isinstance(program, CompiledProgram):
            program = program._program
        if not isinstance(program, _C.pir.Program):
            raise TypeError(f"Executor.run: program must be a paddle.static.Program, but got {type(program).__name__}")
        feed = {} if feed is None else feed
        if not isinstance(feed, dict):
            raise TypeError(f"Executor.run: feed must be a dict of name -> value, but got {type(feed).__name__}")
        if fetch_list is None:
            fetch_list = []
        elif isinstance(fetch_list, (Value, str)):
            fetch_list = [fetch_list]
        for i, v in enumerate(fetch_list):
            if not isinstance(v, (Value, str)):
                raise TypeError(f"Executor.run: fetch_list[{i}] must be a Value of the program or an output "
                                f"name, but got {type(v).__name__}")
        # Names key the cache as they are, Values by the IR value they stand for (any wrapper of it);
        # the entry holds the program, so those stay valid while cached.
        version = (id(program), program.generation(), program.num_ops())
        key = version + tuple([v if isinstance(v, str) else v._id for v in fetch_list])
        tensors = {name: _feed_tensor(name, value) for name, value in feed.items()}
        deferred = self._deferred.get(version)
        if deferred is None:  # held with its program, so that the id stays its own
            deferred = self._deferred[version] = (program, program._has_deferred_gradients())
        if deferred[1]:  # Note [Deferred gradients]: one program per set of feed shapes
            key += tuple(sorted((name, tuple(t.shape)) for name, t in tensors.items()))
        entry = self._prepared.get(key)
        if entry is None:
            # A name fetches the program's output of that name (shadow_output).
            values = [_C.pir.output_value(program, v) if isinstance(v, str) else v for v in fetch_list]
            run_program = program
            if deferred[1]:
                run_program, values = _C.pir.specialize(program, {n: list(t.shape) for n, t in tensors.items()},
                                                        values)
            entry = (program, list(fetch_list), _C.pir.Executor(run_program, values, self.place), run_program)
            self._prepared[key] = entry
        scope = scope if scope is not None else global_scope()
        scheduler = getattr(program, "lr_scheduler", None)
        if scheduler is not None:  # Note [Static updates] in paddle/optimizer/_static_updates.py
            scope.set_var(program.lr_name, _C.Tensor._from_numpy(np.array(float(scheduler()), "float32"), None))
        results = entry[2].run(tensors, scope)
        return [t.numpy() for t in results] if return_numpy else results


def _feed_tensor(name, value):
    if isinstance(value, _C.Tensor):
        return value
    if type(value) is np.ndarray and value.flags.c_contiguous:
        return _C.Tensor._from_numpy(value, None)
    if not isinstance(value, (np.ndarray, np.generic, list, tuple, int, float, bool, complex)):
        raise TypeError(f"Executor.run: feed '{name}' must be a numpy array, a number or a Tensor, but got "
                        f"{type(value).__name__}")
    array = np.asarray(value)
    # (np.ascontiguousarray would make a 0-D array 1-D)
    return _C.Tensor._from_numpy(array if array.flags.c_contiguous else array.copy(), None)
