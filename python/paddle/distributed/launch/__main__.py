import sys

from paddle.distributed.launch.main import launch

sys.exit(launch())
