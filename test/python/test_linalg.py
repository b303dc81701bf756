"""paddle.linalg behaviour beyond the op samples: what each lstsq driver returns."""

import numpy as np

import paddle


def test_lstsq_drivers_return_what_paddles_do():
    """Which outputs each driver fills (as PaddlePaddle 3.3.1 on the CPU):
    x = [[1, 0], [0, 1], [1, 1]], y = [1, 2, 4]^T has the solution [4/3, 7/3]
    and the squared error 3 (1/3)^2 = 1/3."""
    x = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype="float64")
    y = paddle.to_tensor([[1.0], [2.0], [4.0]], dtype="float64")
    shapes = {driver: [t.shape for t in paddle.linalg.lstsq(x, y, driver=driver)]
              for driver in (None, "gels", "gelsy", "gelsd", "gelss")}
    assert shapes[None] == shapes["gelsy"] == [[2, 1], [0], [], [0]]
    assert shapes["gels"] == [[2, 1], [1], [0], [0]]
    assert shapes["gelsd"] == shapes["gelss"] == [[2, 1], [1], [], [2]]
    solution, residuals, rank, s = paddle.linalg.lstsq(x, y, driver="gelsd")
    np.testing.assert_allclose(solution.numpy().ravel(), [4 / 3, 7 / 3])
    np.testing.assert_allclose(residuals.numpy(), [1 / 3])
    assert rank.dtype == paddle.int32 and int(rank) == 2
    np.testing.assert_allclose(s.numpy(), [np.sqrt(3.0), 1.0])
    # A rank-deficient x has no residuals (gelsd), its rank counts
    ones = paddle.ones([3, 2], dtype="float64")
    _, residuals, rank, _ = paddle.linalg.lstsq(ones, y, driver="gelsd")
    assert residuals.shape == [0] and int(rank) == 1
