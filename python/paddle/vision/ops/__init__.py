"""paddle.vision.ops: detection and region operators with PaddlePaddle's API
(the names, arguments and defaults of Paddle 3.3's paddle.vision.ops)."""

from paddle.vision.ops.boxes import box_coder, prior_box
from paddle.vision.ops.deform_conv import DeformConv2D, deform_conv2d
from paddle.vision.ops.image_io import decode_jpeg, read_file
from paddle.vision.ops.nms import matrix_nms, nms
from paddle.vision.ops.proposals import distribute_fpn_proposals, generate_proposals
from paddle.vision.ops.roi import PSRoIPool, RoIAlign, RoIPool, psroi_pool, roi_align, roi_pool
from paddle.vision.ops.yolo import yolo_box, yolo_loss

__all__ = [
    "yolo_loss", "yolo_box", "prior_box", "box_coder", "deform_conv2d", "DeformConv2D", "distribute_fpn_proposals",
    "generate_proposals", "read_file", "decode_jpeg", "roi_pool", "RoIPool", "psroi_pool", "PSRoIPool", "roi_align",
    "RoIAlign", "nms", "matrix_nms",
]
