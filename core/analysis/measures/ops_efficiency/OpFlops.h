// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// FLOPs and bytes of one operator call from the shapes the profiler recorded (record_shapes=True:
// the op's args "Input Dims" and "Input type"), for the ops whose kernels are the model's math,
// where PyTorch did not write `flops` itself:
//   aten::mm and aten::_scaled_mm (fp8 / fp4) [M,K]x[K,N] and aten::addmm (bias, [M,K], [K,N]): 2MNK;
//   aten::bmm [B,M,K]x[B,K,N] and aten::baddbmm (bias, ...): 2BMNK;
//   aten::linear (input [..., K], weight [N, K]): 2 x rows x K x N, rows the input's leading dims;
//   aten::matmul: by its operands' ranks (vector, matrix, batched, broadcast batch);
//   scaled-dot-product attention (aten::_scaled_dot_product_{flash,efficient,cudnn}_attention,
//     aten::scaled_dot_product_attention; q [B,H,Lq,D], k [B,H,Lk,D]) and flash_attn's
//     (q [B,Lq,H,D]): 4 x B x H x Lq x Lk x D forward, 2.5 times that for a backward op;
//   convolutions (aten::convolution, aten::_convolution, aten::conv1d/2d/3d,
//     aten::cudnn_convolution; input [N,Cin,...], weight [Cout,Cin/groups,k...]):
//     2 x N x Cout x prod(out) x Cin/groups x prod(k), the output's spatial sizes
//     out = (in + 2 pad - dilation (k - 1) - 1) / stride + 1 from the stride, padding, dilation and
//     groups PyTorch 2.1+ records in "Concrete Inputs" ("[2, 2]", "1"). Older traces (Kineto's 2021
//     samples: the lists are "GenericList" and no values) and transposed convolutions get nothing:
//     the output's size is not known without them.
// Bytes: every tensor input read once and the output written once, in the first input's dtype.
// A call whose shapes do not fit its op (a rank it does not take, a K that does not match) gets
// nothing: a wrong FLOP count is worse than none.
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string_view>
#include <vector>

namespace lanescope::analysis {

struct OpInputs
{
    std::vector<std::vector<std::int64_t>> dims; // "Input Dims", one list per input ([] for a scalar)
    QStringList types;                           // "Input type" ("c10::BFloat16", "float", "Scalar", "")
    QStringList concrete;                        // "Concrete Inputs" ("", "[2, 2]", "1", "False"); empty if absent
    bool ok = false;                             // the event carried Input Dims
};

// From an event's JSON text (its args' "Input Dims" and "Input type"); bounded: at most 64 inputs
// of at most 16 dims each, anything beyond leaves the inputs not ok.
OpInputs parseOpInputs(std::string_view eventJson);

struct OpCost
{
    double flops = -1;  // -1: not an op we count, or shapes that do not fit it
    double bytes = -1;
    QString dtype;      // "bf16", "fp16", "fp32", "fp64", or the trace's spelling
};

OpCost opCost(std::string_view opName, const OpInputs &inputs);
// The op names opCost counts (a convolution among them: isConvolutionOp).
bool isCountedOp(std::string_view opName);
bool isConvolutionOp(std::string_view opName);

// "bf16" from "c10::BFloat16", "fp32" from "float", "fp8" from any "c10::Float8_*", "fp4" from
// "c10::Float4_e2m1fn_x2"; the spelling itself for others.
QString shortDtype(const QString &inputType);
int dtypeSize(const QString &shortDtype); // bytes per element (fp4: per packed pair); 0 unknown

// "fp8" or "fp4" where a GEMM or attention kernel's name says it multiplies at that precision,
// else empty (bf16 and wider, or a name that says nothing). The product runs at its wider
// operand's rate: trtllm-gen's "bmm_Bfloat16_MxE2m1MxE4m3_..." (fp4 x fp8, bf16 out) is fp8,
// triton_kernels' "_matmul_ogs_NNT_bf16xbf16xmxfp4_..." (bf16 x mxfp4) is neither.
QString lowPrecisionOfKernel(std::string_view kernelName);

} // namespace lanescope::analysis
