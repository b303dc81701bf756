"""paddle.hapi: the high-level API, paddle.Model with its callbacks, paddle.summary and paddle.flops.

The user guide is docs/guide/hapi.md.
"""

from paddle.hapi import callbacks
from paddle.hapi.dynamic_flops import flops
from paddle.hapi.model import Model
from paddle.hapi.model_summary import summary

__all__ = ["Model", "callbacks", "flops", "summary"]
