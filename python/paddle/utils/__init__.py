"""paddle.utils: unique names, deprecation, optional imports, version and
install checks, and DLPack exchange (``paddle.utils.dlpack``)."""

from paddle.utils import dlpack, unique_name
from paddle.utils.deprecated import deprecated
from paddle.utils.install_check import run_check
from paddle.utils.lazy_import import try_import
from paddle.utils.require_version import require_version

__all__ = ["deprecated", "dlpack", "require_version", "run_check", "try_import", "unique_name"]
