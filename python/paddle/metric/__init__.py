"""paddle.metric: streaming metrics for paddle.Model and the functional accuracy.

The user guide is docs/guide/hapi.md.
"""

from paddle.metric.metrics import Accuracy, Auc, Metric, Precision, Recall, accuracy

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]
