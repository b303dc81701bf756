"""The launcher: python -m paddle.distributed.launch (Note [Launcher] in main.py)."""
