"""A small GPT (decoder-only transformer) trained on characters of Genesis (data/genesis.txt.gz, KJV,
public domain) until its loss is well below the text's unigram entropy, then sampling text.

    python3 examples/train_char_gpt.py [--steps 600] [--layers 4] [--width 128] [--heads 4] [--context 64]
                                       [--weight-only int8|int4]

The loss is reported in nats per character next to the unigram entropy (what a model that knows
only the letter frequencies achieves); a model that has learnt words and spelling goes far below.
"""

from __future__ import annotations

import argparse
import gzip
import math
import os
import time

import numpy as np

import paddle
import paddle.nn.functional as F
from paddle import nn

TEXT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "genesis.txt.gz")


class CausalSelfAttention(nn.Layer):
    def __init__(self, width: int, heads: int):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        batch, seq, width = x.shape
        q, k, v = self.qkv(x).reshape([batch, seq, 3, self.heads, width // self.heads]).unbind(axis=2)
        out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(out.reshape([batch, seq, width]))


class Block(nn.Layer):
    def __init__(self, width: int, heads: int):
        super().__init__()
        self.norm1 = nn.LayerNorm(width)
        self.attention = CausalSelfAttention(width, heads)
        self.norm2 = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class GPT(nn.Layer):
    def __init__(self, vocab: int, context: int, layers: int, width: int, heads: int):
        super().__init__()
        self.token = nn.Embedding(vocab, width)
        self.position = nn.Embedding(context, width)
        self.blocks = nn.Sequential(*[Block(width, heads) for _ in range(layers)])
        self.norm = nn.LayerNorm(width)
        self.head = nn.Linear(width, vocab)

    def forward(self, tokens):
        positions = paddle.arange(tokens.shape[1]).unsqueeze(0)
        return self.head(self.norm(self.blocks(self.token(tokens) + self.position(positions))))


def unigram_entropy(ids: np.ndarray, vocab: int) -> float:
    p = np.bincount(ids, minlength=vocab) / len(ids)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())


def sample(model: GPT, prompt: list[int], length: int, context: int, temperature: float = 0.8) -> list[int]:
    model.eval()
    ids = list(prompt)
    rng = np.random.default_rng(0)
    with paddle.no_grad():
        for _ in range(length):
            logits = model(paddle.to_tensor([ids[-context:]]))[0, -1].numpy().astype(np.float64) / temperature
            p = np.exp(logits - logits.max())
            ids.append(int(rng.choice(len(p), p=p / p.sum())))
    model.train()
    return ids


def main(argv=None) -> tuple[float, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--width", type=int, default=128)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--context", type=int, default=64)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--weight-only", choices=["int8", "int4"], default=None,
                        help="after training, also report the held-out loss with weight-only quantized linears")
    args = parser.parse_args(argv)

    with gzip.open(TEXT, "rt", encoding="utf-8") as f:
        text = f.read()
    chars = sorted(set(text))
    ids = np.array([chars.index(c) for c in text], dtype=np.int64)
    split = int(0.95 * len(ids))
    train_ids, held_out = ids[:split], ids[split:]
    entropy = unigram_entropy(train_ids, len(chars))
    print(f"{len(text)} characters, vocabulary {len(chars)}, unigram entropy {entropy:.3f} nats/char")

    paddle.seed(0)
    rng = np.random.default_rng(0)
    model = GPT(len(chars), args.context, args.layers, args.width, args.heads)
    schedule = paddle.optimizer.lr.LinearWarmup(
        paddle.optimizer.lr.CosineAnnealingDecay(args.lr, T_max=args.steps), warmup_steps=min(50, args.steps // 10),
        start_lr=0.0, end_lr=args.lr)
    opt = paddle.optimizer.AdamW(learning_rate=schedule, parameters=model.parameters(), weight_decay=0.01,
                                 grad_clip=nn.ClipGradByGlobalNorm(1.0))

    def batch(source: np.ndarray):
        starts = rng.integers(0, len(source) - args.context - 1, args.batch_size)
        window = np.stack([source[s:s + args.context + 1] for s in starts])
        return paddle.to_tensor(window[:, :-1]), paddle.to_tensor(window[:, 1:])

    def loss_of(inputs, targets):
        logits = model(inputs)
        return F.cross_entropy(logits.reshape([-1, len(chars)]), targets.reshape([-1]))

    start = time.time()
    for step in range(1, args.steps + 1):
        loss = loss_of(*batch(train_ids))
        loss.backward()
        opt.step()
        opt.clear_grad()
        schedule.step()
        if step % 100 == 0 or step == args.steps:
            tokens = (step * args.batch_size * args.context) / (time.time() - start)
            print(f"step {step:4d}  loss {float(loss):.3f}  ({tokens:.0f} tokens/s)", flush=True)
    model.eval()

    def held_out_loss_now():
        state = rng.bit_generator.state  # the same held-out batches for every measurement
        with paddle.no_grad():
            value = float(np.mean([float(loss_of(*batch(held_out))) for _ in range(8)]))
        rng.bit_generator.state = state
        return value

    held_out_loss = held_out_loss_now()
    print(f"held-out loss {held_out_loss:.3f} nats/char vs unigram entropy {entropy:.3f} "
          f"({held_out_loss / math.log(2):.2f} vs {entropy / math.log(2):.2f} bits)")
    if args.weight_only:
        from paddle.nn.quant import convert_to_weight_only

        convert_to_weight_only(model, f"weight_only_{args.weight_only}")
        quantized_loss = held_out_loss_now()
        print(f"weight-only {args.weight_only}: held-out loss {quantized_loss:.3f} nats/char "
              f"({quantized_loss - held_out_loss:+.4f})")
    model.train()
    prompt = [chars.index(c) for c in "And God said"]
    print("sample:", "".join(chars[i] for i in sample(model, prompt, 200, args.context)))
    return held_out_loss, entropy


if __name__ == "__main__":
    main()
