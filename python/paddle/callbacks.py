"""paddle.callbacks: the callbacks of paddle.Model (defined in paddle.hapi.callbacks)."""

from paddle.hapi.callbacks import (
    Callback, CallbackList, CSVLogger, EarlyStopping, JSONLogger, LRScheduler, ModelCheckpoint, ProgBarLogger,
    ReduceLROnPlateau,
)

__all__ = ["Callback", "CallbackList", "ProgBarLogger", "ModelCheckpoint", "EarlyStopping", "LRScheduler",
           "CSVLogger", "JSONLogger", "ReduceLROnPlateau"]
