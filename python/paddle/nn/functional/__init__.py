"""paddle.nn.functional; its ops are bound from the op YAML by paddle/__init__.py."""
