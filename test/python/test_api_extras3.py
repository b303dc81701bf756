"""Paddle 3.x names composed in Python (third batch): the legacy typed-tensor
constructors, paddle.Generator, LazyGuard, check_shape,
disable_signal_handler, unfold / nextafter / as_strided / batch (printing:
test_printing_and_strides.py), and Tensor.device / type / layout / grad_fn / random_ /
top_p_sampling. Values against NumPy, hand-worked cases or what Paddle 3.3.1
returns for the same call; errors that name the op."""

from __future__ import annotations

import numpy as np
import pytest

import paddle
from gradcheck import check_grads

RNG = np.random.default_rng(23)


# ---- legacy typed tensors ----------------------------------------------------

# What each class makes in Paddle 3.3.1.
TYPED = [("FloatTensor", "float32"), ("DoubleTensor", "float64"), ("HalfTensor", "float16"),
         ("BFloat16Tensor", "bfloat16"), ("ByteTensor", "uint8"), ("CharTensor", "int8"), ("ShortTensor", "int16"),
         ("IntTensor", "int32"), ("LongTensor", "int64"), ("BoolTensor", "bool")]


@pytest.mark.parametrize("name, dtype", TYPED)
def test_typed_tensor_from_values_sizes_and_nothing(name, dtype):
    cls = getattr(paddle, name)
    values = cls([[1, 0], [0, 1]])
    assert values.dtype.name == dtype and values.shape == [2, 2]
    np.testing.assert_array_equal(values.astype("float32").numpy(), [[1, 0], [0, 1]])
    sized = cls(2, 3)
    assert sized.dtype.name == dtype and sized.shape == [2, 3]
    assert cls().shape == [0] and cls().dtype.name == dtype
    # Paddle returns a plain Tensor: never an instance of the class
    assert isinstance(values, paddle.Tensor) and not isinstance(values, cls)


def test_typed_tensor_keeps_the_dtype_of_an_array_or_tensor_as_paddle_does():
    assert paddle.FloatTensor(np.array([1, 2])).dtype == paddle.int64
    doubles = paddle.FloatTensor(paddle.to_tensor([1.5, 2.0], "float64"))
    assert doubles.dtype == paddle.float64 and doubles.tolist() == [1.5, 2.0]
    assert paddle.IntTensor((2, 3)).tolist() == [2, 3]  # a tuple is values, not sizes


def test_typed_tensor_refuses_other_arguments():
    with pytest.raises(TypeError, match=r"^\[FloatTensor\] expected sizes \(ints\), a list or tuple of values, a "
                                        r"NumPy array or a Tensor, but got \(str\)"):
        paddle.FloatTensor("a")
    with pytest.raises(TypeError, match=r"^\[IntTensor\] .* but got \(int, list\)"):
        paddle.IntTensor(1, [2])
    with pytest.raises(TypeError, match=r"^\[LongTensor\] .* but got \(float\)"):
        paddle.LongTensor(2.5)
    with pytest.raises(ValueError, match=r"every dim of shape must be >= 0, but got \[-1\]"):
        paddle.FloatTensor(-1)


# ---- Generator ---------------------------------------------------------------

def test_generator_is_the_device_generator_paddle_draws_from():
    g = paddle.Generator("cpu")
    assert g.manual_seed(11) is g and g.initial_seed() == 11
    first = paddle.rand([4]).numpy()
    paddle.seed(11)  # the same generator, seeded the same way
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), first)
    assert paddle.Generator() is not None and paddle.Generator(paddle.CPUPlace()).initial_seed() == 11
    assert not isinstance(g, paddle.Generator)  # as in Paddle, which returns its core generator


def test_generator_seed_state_round_trip():
    g = paddle.Generator("cpu")
    fresh = g.seed()
    assert isinstance(fresh, int) and 0 <= fresh < 2**64 and g.initial_seed() == fresh
    state = g.get_state()
    a = paddle.randn([5]).numpy()
    assert not np.array_equal(paddle.randn([5]).numpy(), a)
    g.set_state(state)
    np.testing.assert_array_equal(paddle.randn([5]).numpy(), a)
    assert g.manual_seed(2**64 - 1).initial_seed() == 2**64 - 1


def test_generator_checks_its_arguments():
    with pytest.raises(ValueError, match=r"^\[Generator\] argument 'device': expected 'cpu', 'gpu' or 'gpu:N', but "
                                         r"got 'xyz'"):
        paddle.Generator("xyz")
    with pytest.raises(TypeError, match=r"^\[Generator\] argument 'device': expected a str, an int or a Place, but "
                                        r"got float"):
        paddle.Generator(1.5)
    g = paddle.Generator("cpu")
    with pytest.raises(ValueError, match=r"^\[Generator.manual_seed\] argument 'seed': expected an int >= 0, but "
                                         r"got -1"):
        g.manual_seed(-1)
    with pytest.raises(ValueError, match=r"^\[Generator.manual_seed\] argument 'seed': expected an int < 2\*\*64"):
        g.manual_seed(2**64)
    with pytest.raises(TypeError, match=r"^\[Generator.manual_seed\] argument 'seed': expected an int, but got str"):
        g.manual_seed("a")


# ---- LazyGuard, check_shape, disable_signal_handler --------------------------

def test_parameters_made_under_lazy_guard_work():
    with paddle.LazyGuard() as guard:
        linear = paddle.nn.Linear(3, 2)
    assert guard is None  # as in Paddle
    x = RNG.standard_normal((4, 3)).astype("float32")
    want = x @ linear.weight.numpy() + linear.bias.numpy()
    np.testing.assert_allclose(linear(paddle.to_tensor(x)).numpy(), want, rtol=1e-5, atol=1e-6)


def test_check_shape_checks_only_while_building_a_program():
    assert paddle.check_shape("not a shape", "reshape") is None  # Paddle's dynamic mode checks nothing either
    paddle.enable_static()
    try:
        paddle.check_shape([2, -1], "reshape")
        paddle.check_shape(paddle.static.data("shape32", [2], "int32"), "reshape")
        with pytest.raises(TypeError, match=r"^\[reshape\] argument 'shape': expected list, tuple, Tensor, Value, but "
                                            r"got str"):
            paddle.check_shape("ab", "reshape")
        with pytest.raises(TypeError, match=r"^\[fill\] argument 'shape': expected elements of type int, Tensor, "
                                            r"Value, but got an element float"):
            paddle.check_shape([2, 3.0], "fill")
        with pytest.raises(TypeError, match=r"^\[fill\] argument 'shape': expected a tensor of dtype int32 or int64, "
                                            r"but got a float32 one"):
            paddle.check_shape(paddle.static.data("shape_f", [2], "float32"), "fill")
        with pytest.raises(TypeError, match=r"^\[fill\] argument 'shape': expected a tensor of dtype int64, but got a "
                                            r"int32 one"):
            paddle.check_shape([2, paddle.static.data("dim", [1], "int32")], "fill",
                               expected_tensor_dtype=("int64",))
    finally:
        paddle.disable_static()


def test_disable_signal_handler_is_there():
    assert paddle.disable_signal_handler() is None


# ---- unfold, nextafter, as_strided, batch -------------------------------------

def test_unfold_function_and_method_match_sliding_windows():
    a = RNG.standard_normal((3, 8))
    want = np.lib.stride_tricks.sliding_window_view(a, 3, axis=1)[:, ::2]
    np.testing.assert_array_equal(paddle.unfold(paddle.to_tensor(a), 1, 3, 2).numpy(), want)
    # Paddle 3.3.1: arange(10).unfold(0, 3, 3)
    assert paddle.arange(10.0).unfold(0, 3, 3).tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]


def test_nextafter_against_numpy_and_without_gradient():
    x = np.array([[1.0], [0.0], [-2.5]], "float64")
    y = np.array([0.0, 3.0], "float64")
    xt = paddle.to_tensor(x, stop_gradient=False)
    out = xt.nextafter(paddle.to_tensor(y))
    np.testing.assert_array_equal(out.numpy(), np.nextafter(x, y))
    assert out.stop_gradient  # as Paddle 3.3.1: no gradient flows
    with pytest.raises(TypeError, match=r"^\[nextafter\] arguments 'x' and 'y': expected float32 or float64 tensors, "
                                        r"but got int32 and int32"):
        paddle.nextafter(paddle.ones([1], "int32"), paddle.ones([1], "int32"))


def test_as_strided_against_numpy_with_gradient():
    a = RNG.standard_normal(10)
    want = np.lib.stride_tricks.as_strided(a[2:], shape=(3, 3), strides=(2 * 8, 1 * 8))  # overlapping windows
    np.testing.assert_array_equal(paddle.as_strided(paddle.to_tensor(a), [3, 3], [2, 1], 16).numpy(), want)
    np.testing.assert_array_equal(paddle.to_tensor(a.reshape(2, 5)).as_strided([5, 2], [1, 5]).numpy(),
                                  a.reshape(2, 5).T)
    check_grads(lambda t: paddle.as_strided(t, [3, 3], [2, 1], 16), [a], RNG)
    check_grads(lambda t: t.as_strided([2, 2, 2], [0, 3, 1], 8), [RNG.standard_normal((2, 3))], RNG)
    x = paddle.to_tensor(a, stop_gradient=False)
    paddle.as_strided(x, [4], [0], 24).sum().backward()  # one element read 4 times
    np.testing.assert_array_equal(x.grad.numpy(), np.eye(10)[3] * 4)


def test_as_strided_refuses_addresses_outside_x():
    with pytest.raises(ValueError, match=r"^\[as_strided\] shape \[3, 3\], stride \[3, 1\] and offset 2 reach "
                                         r"position 10, beyond x's 9 elements"):
        paddle.as_strided(paddle.ones([3, 3]), [3, 3], [3, 1], 8)
    with pytest.raises(ValueError, match=r"^\[as_strided\] shape \[5, 5\], stride \[9223372036854775807, 0\] and "
                                         r"offset 3 reach past the largest int64 position"):  # it overflowed into a crash
        paddle._C_ops.as_strided(paddle.to_tensor([], stop_gradient=False), (5, 5), [2**63 - 1, 0], 3)
    with pytest.raises(ValueError, match=r"^\[as_strided\] argument 'offset': expected an int >= 0, but got -1"):
        paddle.as_strided(paddle.ones([4]), [2], [1], -1)
    with pytest.raises(ValueError, match=r"^\[as_strided\] arguments 'shape' and 'stride': expected non-negative "
                                         r"values, but got 2 and -1 at dim 0"):
        paddle.as_strided(paddle.ones([4]), [2], [-1])
    with pytest.raises(ValueError, match=r"^\[as_strided\] arguments 'shape' and 'stride': expected as many sizes "
                                         r"as strides, but got 2 and 1"):
        paddle.as_strided(paddle.ones([4]), [2, 1], [1])
    with pytest.raises(TypeError, match=r"^\[as_strided\] argument 'x': expected Tensor, but got list"):
        paddle.as_strided([1.0, 2.0], [1], [1])
    with pytest.raises(ValueError, match=r"^\[as_strided\] argument 'offset': expected a multiple of x's element "
                                         r"size \(4 bytes\), but got 2"):
        paddle.as_strided(paddle.ones([4]), [2], [1], 2)


def test_as_strided_offset_counts_bytes_as_in_paddle():
    # Paddle 3.3.1: as_strided(arange(6.0), [2, 2], [1, 2], 4) starts at element 1 (4 bytes of float32 in).
    for dtype, itemsize in (("float32", 4), ("float64", 8), ("int64", 8), ("int16", 2), ("uint8", 1)):
        a = np.arange(12).astype(dtype)
        got = paddle.as_strided(paddle.to_tensor(a), [2, 3], [3, 1], 5 * itemsize).numpy()
        np.testing.assert_array_equal(got, [[5, 6, 7], [8, 9, 10]])


def test_batch_groups_a_readers_samples():
    reader = paddle.batch(lambda: iter("abcde"), 2)
    assert list(reader()) == [["a", "b"], ["c", "d"], ["e"]]
    assert list(reader()) == [["a", "b"], ["c", "d"], ["e"]]  # a reader can be read again
    assert list(paddle.batch(lambda: iter("abcde"), 5, drop_last=True)()) == [list("abcde")]
    assert list(paddle.batch(lambda: iter("abcd"), 3, drop_last=True)()) == [list("abc")]
    with pytest.raises(TypeError, match=r"^\[batch\] argument 'batch_size': expected an int, but got float"):
        paddle.batch(lambda: iter(()), 2.0)


# ---- Tensor attributes -----------------------------------------------------------

def test_device_type_and_layout_as_paddle_reports_them():
    x = paddle.ones([2, 3])
    assert x.device == "cpu" and x.layout == "NCHW"
    assert x.type == 7 and repr(x.type) == "<VarType.DENSE_TENSOR: 7>" and str(x.type) == "VarType.DENSE_TENSOR"
    assert paddle.nn.Linear(2, 2).weight.type == x.type


def test_offset_is_where_a_view_starts_in_bytes():
    # Paddle 3.3.1 reports 0, 8, 16 and 4 for these
    x = paddle.arange(6.0)
    assert x.offset == 0 and x[2:].offset == 8
    m = paddle.arange(12.0).reshape([3, 4])
    assert m[1].offset == 16 and m.transpose([1, 0])[1].offset == 4


def test_grad_fn_names_the_node_as_paddle_does():
    x = paddle.to_tensor(RNG.standard_normal((2, 2)), stop_gradient=False)
    assert x.grad_fn.name() == "GradNodeAccumulation"  # a leaf, before and after it is used
    names = [paddle.matmul(x, x).grad_fn.name(), (x + x).grad_fn.name(), x.exp().grad_fn.name(),
             x.sum().grad_fn.name(), x.reshape([4]).grad_fn.name()]
    assert names == ["MatmulGradNode", "AddGradNode", "ExpGradNode", "SumGradNode", "ReshapeGradNode"]  # Paddle's
    assert x.grad_fn.name() == "GradNodeAccumulation"
    assert (paddle.ones([2]) * 2).grad_fn is None  # nothing to differentiate
    assert x.detach().grad_fn is None


# ---- random_ ----------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64", "float16", "uint8"])
def test_random_fills_in_place_with_every_integer_of_the_range(dtype):
    x = paddle.zeros([2000], dtype)
    assert x.random_(3, 9) is x and x.dtype.name == dtype
    assert sorted(set(x.astype("int64").tolist())) == [3, 4, 5, 6, 7, 8]
    counts = np.bincount(x.astype("int64").numpy() - 3)
    assert counts.min() > 2000 / 6 * 0.7  # uniform: each about 333
    assert set(paddle.zeros([500], dtype).random_(2).astype("int64").tolist()) == {0, 1}  # random_(n): [0, n)


def test_random_without_bounds_stays_exact_in_the_dtype():
    floats = paddle.zeros([4000]).random_().numpy()
    assert np.all(floats == np.floor(floats)) and floats.min() >= 0 and floats.max() < 2**24
    assert floats.max() > 2**24 * 0.99  # the whole range is used
    halves = paddle.zeros([4000], "float16").random_().numpy()
    assert halves.min() >= 0 and halves.max() < 2**11
    ints = paddle.zeros([4000], "int32").random_().numpy().astype(np.int64)
    assert ints.min() >= 0 and ints.max() < 2**31 - 1 and ints.max() > 2**31 * 0.99
    assert np.all(paddle.zeros([100]).random_(-3, -1).numpy() < -1)


def test_random_checks_its_arguments():
    with pytest.raises(ValueError, match=r"^\[random_\] expected 'from_' < 'to', but got from_=5 and to=2"):
        paddle.zeros([3]).random_(5, 2)
    with pytest.raises(TypeError, match=r"^\[random_\] argument 'from_': expected an int, but got float"):
        paddle.zeros([3]).random_(2.5)
    with pytest.raises(TypeError, match=r"^\[random_\] argument 'x': expected an integer or floating-point Tensor, "
                                        r"but got a bool Tensor of shape \[3\]"):
        paddle.zeros([3], "bool").random_()
    with pytest.raises(ValueError, match=r"^\[random_\] \[from_, to\) = \[0, 300\) does not fit in x's dtype uint8"):
        paddle.zeros([3], "uint8").random_(0, 300)
    with pytest.raises(ValueError, match=r"^\[random_\] x is a leaf tensor that requires grad"):
        paddle.zeros([3]).requires_grad_().random_()


# ---- top_p_sampling -------------------------------------------------------------------

ROWS = 20000
PROBS = np.tile(np.array([[0.2, 0.5, 0.3]], "float32"), (ROWS, 1))  # sorted: id 1 (0.5), id 2 (0.3), id 0 (0.2)


def _frequencies(**kwargs) -> np.ndarray:
    top_p = kwargs.pop("top_p")
    value, ids = paddle.tensor.top_p_sampling(paddle.to_tensor(PROBS), paddle.full([ROWS], top_p), **kwargs)
    np.testing.assert_array_equal(value.numpy()[:, 0], PROBS[0][ids.numpy()[:, 0]])  # each value is its id's
    return np.bincount(ids.numpy()[:, 0], minlength=3) / ROWS


@pytest.mark.parametrize("mode, top_p, want", [
    # truncated: the first 0.7 of the mass, id 1 holding 0.5 of it, id 2 the other 0.2
    ("truncated", 0.7, [0.0, 0.5 / 0.7, 0.2 / 0.7]),
    # non-truncated: ids 1 and 2 start before 0.7, drawn 0.5 : 0.3
    ("non-truncated", 0.7, [0.0, 0.625, 0.375]),
    ("truncated", 0.4, [0.0, 1.0, 0.0]),
    ("non-truncated", 0.4, [0.0, 1.0, 0.0]),
    ("truncated", 1.0, [0.2, 0.5, 0.3]),
    ("non-truncated", 0.95, [0.2, 0.5, 0.3]),
])
def test_top_p_sampling_draws_from_the_nucleus(mode, top_p, want):
    np.testing.assert_allclose(_frequencies(top_p=top_p, mode=mode), want, atol=0.015)


def test_top_p_sampling_threshold():
    floor = paddle.full([ROWS], 0.25)
    # truncated: id 0 (0.2) gives way to the nearest more probable id, id 2
    np.testing.assert_allclose(_frequencies(top_p=1.0, threshold=floor), [0.0, 0.5, 0.5], atol=0.015)
    # non-truncated: id 0 is left out
    np.testing.assert_allclose(_frequencies(top_p=1.0, threshold=floor, mode="non-truncated"),
                               [0.0, 0.625, 0.375], atol=0.015)
    # nothing reaches 0.9: the most probable id
    assert _frequencies(top_p=1.0, threshold=paddle.full([ROWS], 0.9)).tolist() == [0.0, 1.0, 0.0]


def test_top_p_sampling_greedy_rows_seeds_and_top_k():
    x = paddle.to_tensor([[0.1, 0.6, 0.3], [0.5, 0.2, 0.3]])
    value, ids = x.top_p_sampling(paddle.to_tensor([-0.3, 0.0]))  # p <= 0: the most probable id (Paddle's example)
    assert ids.tolist() == [[1], [0]] and value.shape == [2, 1] and ids.dtype == paddle.int64
    np.testing.assert_allclose(value.numpy(), [[0.6], [0.5]])
    many = paddle.to_tensor(PROBS[:50])
    ps = paddle.full([50], 1.0)
    for mode in ("truncated", "non-truncated"):
        assert (paddle.tensor.top_p_sampling(many, ps, seed=5, mode=mode)[1].tolist()
                == paddle.tensor.top_p_sampling(many, ps, seed=5, mode=mode)[1].tolist())
    seeds = paddle.to_tensor(np.arange(50) % 2)  # rows of one seed draw alike
    rows = paddle.tensor.top_p_sampling(many, ps, topp_seed=seeds)[1].numpy()[:, 0]
    assert len(set(rows[0::2])) == 1 and len(set(rows[1::2])) == 1
    out = paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5, 0.5]), k=2, return_top=True)
    assert len(out) == 4
    np.testing.assert_allclose(out[2].numpy(), [[0.6, 0.3], [0.5, 0.3]])
    assert out[3].tolist() == [[1, 2], [0, 2]]


def test_top_p_sampling_checks_its_arguments():
    x = paddle.to_tensor([[0.5, 0.5]])
    with pytest.raises(ValueError, match=r"^\[top_p_sampling\] argument 'x': expected a 2-D float Tensor of "
                                         r"probabilities, but got a float32 Tensor of shape \[2\]"):
        paddle.tensor.top_p_sampling(paddle.to_tensor([0.5, 0.5]), paddle.to_tensor([0.5]))
    with pytest.raises(ValueError, match=r"^\[top_p_sampling\] argument 'ps': expected one value per row of x \(1\), "
                                         r"but got a float32 Tensor of shape \[2\]"):
        paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5, 0.5]))
    with pytest.raises(ValueError, match=r"^\[top_p_sampling\] argument 'mode': expected one of 'truncated', "
                                         r"'non-truncated', but got 'greedy'"):
        paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5]), mode="greedy")
    with pytest.raises(ValueError, match=r"^\[top_p_sampling\] argument 'seed': expected an int >= -1, but got -2"):
        paddle.tensor.top_p_sampling(x, paddle.to_tensor([0.5]), seed=-2)
    with pytest.raises(TypeError, match=r"^\[top_p_sampling\] argument 'ps': expected Tensor, but got float"):
        paddle.tensor.top_p_sampling(x, 0.5)
