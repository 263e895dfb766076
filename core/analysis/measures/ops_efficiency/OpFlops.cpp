// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/measures/ops_efficiency/OpFlops.h"

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <string>

namespace lanescope::analysis {

namespace {

constexpr std::size_t kMaxInputs = 64, kMaxRank = 16;

double elements(const std::vector<std::int64_t> &d)
{
    return std::accumulate(d.begin(), d.end(), 1.0, [](double a, std::int64_t b) { return a * double(b); });
}

bool isTensor(const OpInputs &in, std::size_t i)
{
    return i < in.dims.size() && !in.dims[i].empty();
}

// A recorded int list ("[2, 2]", "[1]") or int ("1"), spread over `rank` spatial dims as PyTorch
// does for a one-element list; empty where the value is missing or not that.
std::vector<std::int64_t> concreteInts(const OpInputs &in, int i, std::size_t rank)
{
    if (i < 0 || i >= in.concrete.size())
        return {};
    QString t = in.concrete[i].trimmed();
    const bool list = t.startsWith(QLatin1Char('[')) && t.endsWith(QLatin1Char(']'));
    if (list)
        t = t.mid(1, t.size() - 2);
    if (t.trimmed().isEmpty())
        return {};
    std::vector<std::int64_t> v;
    for (const QString &part : t.split(QLatin1Char(','))) {
        bool ok = false;
        const qlonglong x = part.trimmed().toLongLong(&ok);
        if (!ok || x < 0)
            return {};
        v.push_back(x);
    }
    if (v.size() == 1 && rank > 1)
        v.assign(rank, v.front());
    return v.size() == rank ? v : std::vector<std::int64_t>{};
}

// Where each convolution op takes its arguments (their schemas in native_functions.yaml).
struct ConvArgs
{
    std::string_view name;
    int bias, stride, padding, dilation, transposed, groups; // -1: the op has none
};
constexpr ConvArgs kConvOps[] = {
    {"aten::convolution", 2, 3, 4, 5, 6, 8},
    {"aten::_convolution", 2, 3, 4, 5, 6, 8},
    {"aten::conv1d", 2, 3, 4, 5, -1, 6},
    {"aten::conv2d", 2, 3, 4, 5, -1, 6},
    {"aten::conv3d", 2, 3, 4, 5, -1, 6},
    {"aten::cudnn_convolution", -1, 3, 2, 4, -1, 5}, // (self, weight, padding, stride, dilation, groups, ...)
};

const ConvArgs *convArgs(std::string_view name)
{
    for (const ConvArgs &c : kConvOps)
        if (c.name == name)
            return &c;
    return nullptr;
}

} // namespace

bool isConvolutionOp(std::string_view n) { return convArgs(n) != nullptr; }

bool isCountedOp(std::string_view n)
{
    return n == "aten::mm" || n == "aten::_scaled_mm" || n == "aten::addmm" || n == "aten::bmm" || n == "aten::baddbmm" || n == "aten::linear"
        || n == "aten::matmul" || (n.substr(0, 6) == "aten::" && n.find("scaled_dot_product") != std::string_view::npos)
        || n.substr(0, 11) == "flash_attn:" || isConvolutionOp(n);
}

OpInputs parseOpInputs(std::string_view json)
{
    OpInputs out;
    rapidjson::Document doc;
    rapidjson::MemoryStream s(json.data(), json.size());
    doc.ParseStream<rapidjson::kParseStopWhenDoneFlag>(s);
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("args") || !doc["args"].IsObject())
        return out;
    const auto &args = doc["args"];
    const auto dims = args.FindMember("Input Dims");
    if (dims == args.MemberEnd() || !dims->value.IsArray() || dims->value.Size() > kMaxInputs)
        return out;
    for (const auto &input : dims->value.GetArray()) {
        std::vector<std::int64_t> d;
        if (input.IsArray()) {
            if (input.Size() > kMaxRank)
                return out;
            for (const auto &x : input.GetArray()) {
                if (!x.IsInt64() || x.GetInt64() < 0)
                    return out; // a list of lists (TensorList) or a symbolic size: not a shape we count
                d.push_back(x.GetInt64());
            }
        }
        out.dims.push_back(std::move(d));
    }
    const auto strings = [&](const char *key, QStringList &into) {
        const auto it = args.FindMember(key);
        if (it != args.MemberEnd() && it->value.IsArray() && it->value.Size() <= kMaxInputs)
            for (const auto &t : it->value.GetArray())
                into << (t.IsString() ? QString::fromUtf8(t.GetString(), int(t.GetStringLength())) : QString());
    };
    strings("Input type", out.types);
    strings("Concrete Inputs", out.concrete);
    out.ok = true;
    return out;
}

QString shortDtype(const QString &t)
{
    if (t == QLatin1String("c10::BFloat16"))
        return QStringLiteral("bf16");
    if (t == QLatin1String("c10::Half"))
        return QStringLiteral("fp16");
    if (t == QLatin1String("float"))
        return QStringLiteral("fp32");
    if (t == QLatin1String("double"))
        return QStringLiteral("fp64");
    // Float8_e4m3fn, Float8_e5m2 and ROCm's Float8_e4m3fnuz / Float8_e5m2fnuz (MI300X); the
    // packed Float4_e2m1fn_x2 (PyTorch 2.8) holds two fp4 values per element.
    if (t.startsWith(QLatin1String("c10::Float8")))
        return QStringLiteral("fp8");
    if (t.startsWith(QLatin1String("c10::Float4")))
        return QStringLiteral("fp4");
    return t;
}

int dtypeSize(const QString &d)
{
    if (d == QLatin1String("bf16") || d == QLatin1String("fp16"))
        return 2;
    if (d == QLatin1String("fp32"))
        return 4;
    if (d == QLatin1String("fp64"))
        return 8;
    if (d == QLatin1String("fp8") || d == QLatin1String("fp4")) // fp4: a packed pair per element
        return 1;
    return 0;
}

namespace {

enum class Precision { None, Fp4, Fp8, Wide }; // Wide: bf16/fp16 or more

bool namesWide(std::string_view t)
{
    return t.find("bf16") != std::string_view::npos || t.find("bfloat16") != std::string_view::npos
        || t.find("fp16") != std::string_view::npos || t.find("half") != std::string_view::npos
        || t.find("fp32") != std::string_view::npos;
}

// One type's spelling in a kernel name (lower case): "e2m1", "mxfp4", "e4m3", "bf16", ...
Precision precisionOf(std::string_view t)
{
    if (t.find("e2m1") != std::string_view::npos || t.find("fp4") != std::string_view::npos)
        return Precision::Fp4;
    if (t.find("e4m3") != std::string_view::npos || t.find("e5m2") != std::string_view::npos
        || t.find("fp8") != std::string_view::npos)
        return Precision::Fp8;
    if (namesWide(t))
        return Precision::Wide;
    return Precision::None;
}

// The operand types a trtllm-gen GEMM names in its third field ("MxE2m1MxE4m3"), or a fused
// attention kernel after "Qkv" ("QkvE4m3OBfloat16": E4m3): each "E<x>m<y>" or "Bfloat16"/"Fp16".
Precision widestOperand(std::string_view field)
{
    Precision widest = Precision::None;
    for (std::size_t i = 0; i < field.size(); ++i) {
        Precision p = Precision::None;
        if (field.compare(i, 4, "e2m1") == 0)
            p = Precision::Fp4;
        else if (field.compare(i, 4, "e4m3") == 0 || field.compare(i, 4, "e5m2") == 0)
            p = Precision::Fp8;
        else if (field.compare(i, 8, "bfloat16") == 0 || field.compare(i, 4, "fp16") == 0)
            p = Precision::Wide;
        widest = std::max(widest, p);
    }
    return widest;
}

QString precisionName(Precision p)
{
    return p == Precision::Fp4 ? QStringLiteral("fp4") : p == Precision::Fp8 ? QStringLiteral("fp8") : QString();
}

} // namespace

QString lowPrecisionOfKernel(std::string_view name)
{
    if (name.size() > 4096)
        return {}; // no kernel name is that long; do not scan one
    std::string lower(name);
    for (char &ch : lower)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    const std::string_view n(lower);
    // triton_kernels' matmul_ogs names its output's, activations' and weights' types
    // ("_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1"): the product runs at the wider operand's
    // rate, so mxfp4 weights under bf16 activations are widened to bf16 (nothing low here).
    if (n.substr(0, 12) == "_matmul_ogs_") {
        std::size_t at = 12;
        while (at < n.size()) {
            const std::size_t end = std::min(n.find('_', at), n.size());
            const std::string_view field = n.substr(at, end - at);
            const std::size_t x1 = field.find('x'), x2 = x1 == std::string_view::npos ? x1 : field.find('x', x1 + 1);
            if (x2 != std::string_view::npos && precisionOf(field.substr(0, x1)) != Precision::None) {
                const Precision a = precisionOf(field.substr(x1 + 1, x2 - x1 - 1)), w = precisionOf(field.substr(x2 + 1));
                return precisionName(std::max(a, w));
            }
            at = end + 1;
        }
        return {};
    }
    // TensorRT-LLM's trtllm-gen GEMMs: "bmm_<output>_<A><B>_<accumulator>_..." (B200:
    // "bmm_Bfloat16_MxE2m1MxE4m3_Fp32_..." is fp4 x fp8, so at the FP8 rate).
    if (n.substr(0, 4) == "bmm_" || n.substr(0, 5) == "gemm_") {
        const std::size_t a = n.find('_'), b = n.find('_', a + 1);
        if (b != std::string_view::npos) {
            const std::size_t e = n.find('_', b + 1);
            const Precision p = widestOperand(n.substr(b + 1, e == std::string_view::npos ? e : e - b - 1));
            if (p != Precision::None)
                return precisionName(p);
        }
    }
    // Fused attention naming its inputs' type ("fmhaSm100aKernel_QkvE4m3OBfloat16...").
    if (const std::size_t q = n.find("qkv"); q != std::string_view::npos && n.find("fmha") != std::string_view::npos) {
        const std::size_t o = n.find('o', q + 3);
        const Precision p = widestOperand(n.substr(q + 3, o == std::string_view::npos ? 8 : o - q - 3));
        if (p != Precision::None)
            return precisionName(p);
    }
    // vLLM's kernels take their KV cache's type as a template argument: (vllm::Fp8KVCacheDataType)0
    // is kAuto (the model's own type), 1 and 2 are FP8 E4M3 and E5M2.
    static constexpr std::string_view kKvType = "fp8kvcachedatatype)";
    for (std::size_t at = lower.find(kKvType); at != std::string::npos; at = lower.find(kKvType, at)) {
        const char v = at + kKvType.size() < lower.size() ? lower[at + kKvType.size()] : '0';
        if (v == '1' || v == '2')
            return QStringLiteral("fp8");
        lower.replace(at, kKvType.size(), kKvType.size(), ' ');
    }
    // NVFP4's block scales are UE4M3 ("ue4m3xe2m1"): a scale's type, not an operand's.
    for (std::size_t at = lower.find("ue4m3"); at != std::string::npos; at = lower.find("ue4m3", at))
        lower.replace(at, 5, 5, ' ');
    // Other GEMMs by what they name: FP8 anywhere (block-FP8 GEMMs, CUTLASS' e4m3 x e4m3, an fp4 x
    // fp8 product); FP4 only where no wider type is named, as a bf16 beside it may be an operand.
    const bool fp8 = n.find("e4m3") != std::string_view::npos || n.find("e5m2") != std::string_view::npos
                  || n.find("fp8") != std::string_view::npos;
    if (fp8)
        return QStringLiteral("fp8");
    const bool fp4 = n.find("e2m1") != std::string_view::npos || n.find("fp4") != std::string_view::npos;
    if (fp4 && precisionOf(n) == Precision::Fp4 && !namesWide(n))
        return QStringLiteral("fp4");
    return {};
}

OpCost opCost(std::string_view name, const OpInputs &in)
{
    OpCost c;
    if (!in.ok)
        return c;
    std::vector<std::int64_t> out; // the output's shape
    double flops = -1;
    const auto &d = in.dims;
    const auto matmul2 = [&](const std::vector<std::int64_t> &a, const std::vector<std::int64_t> &b) {
        // [M,K] x [K,N]
        if (a.size() != 2 || b.size() != 2 || a[1] != b[0])
            return false;
        flops = 2.0 * double(a[0]) * double(a[1]) * double(b[1]);
        out = {a[0], b[1]};
        return true;
    };
    const auto batched = [&](const std::vector<std::int64_t> &a, const std::vector<std::int64_t> &b) {
        // [B,M,K] x [B,K,N]
        if (a.size() != 3 || b.size() != 3 || a[0] != b[0] || a[2] != b[1])
            return false;
        flops = 2.0 * double(a[0]) * double(a[1]) * double(a[2]) * double(b[2]);
        out = {a[0], a[1], b[2]};
        return true;
    };
    const bool backward = name.find("backward") != std::string_view::npos;
    if (name == "aten::mm" || name == "aten::_scaled_mm") {
        // _scaled_mm (self, mat2, scale_a, scale_b, ...): the fp8 / fp4 GEMM of torchao and
        // PyTorch's float8 training; its scales are not part of the product.
        if (d.size() < 2 || !matmul2(d[0], d[1]))
            return c;
    } else if (name == "aten::addmm") {
        if (d.size() < 3 || !matmul2(d[1], d[2]))
            return c;
    } else if (name == "aten::bmm") {
        if (d.size() < 2 || !batched(d[0], d[1]))
            return c;
    } else if (name == "aten::baddbmm") {
        if (d.size() < 3 || !batched(d[1], d[2]))
            return c;
    } else if (name == "aten::linear") {
        // input [..., K], weight [N, K]
        if (d.size() < 2 || d[0].empty() || d[1].size() != 2 || d[0].back() != d[1][1])
            return c;
        const double rows = elements(d[0]) / double(std::max<std::int64_t>(1, d[0].back()));
        flops = 2.0 * rows * double(d[1][1]) * double(d[1][0]);
        out = d[0];
        out.back() = d[1][0];
    } else if (name == "aten::matmul") {
        if (d.size() < 2 || d[0].empty() || d[1].empty())
            return c;
        const auto &a = d[0], &b = d[1];
        if (a.size() == 1 && b.size() == 1) {
            if (a[0] != b[0])
                return c;
            flops = 2.0 * double(a[0]);
            out = {};
        } else if (b.size() == 1) { // [..., K] x [K]
            if (a.back() != b[0])
                return c;
            flops = 2.0 * elements(a);
            out.assign(a.begin(), a.end() - 1);
        } else {
            // [..., M, K] x [..., K, N], batch dims broadcast (the larger count of batches)
            const std::int64_t k = a.back(), kb = b[b.size() - 2], n = b.back();
            if (k != kb)
                return c;
            const double m = a.size() >= 2 ? double(a[a.size() - 2]) : 1.0;
            const double batchA = a.size() > 2 ? elements(std::vector<std::int64_t>(a.begin(), a.end() - 2)) : 1.0;
            const double batchB = b.size() > 2 ? elements(std::vector<std::int64_t>(b.begin(), b.end() - 2)) : 1.0;
            flops = 2.0 * std::max(batchA, batchB) * m * double(k) * double(n);
            out = a.size() >= b.size() ? a : b;
            if (a.size() >= 2)
                out[out.size() - 2] = a[a.size() - 2];
            out.back() = n;
        }
    } else if (name.find("scaled_dot_product") != std::string_view::npos && name.substr(0, 6) == "aten::") {
        // q [B,H,Lq,D], k [B,H,Lk,D] (v like k); a backward op takes the output's gradient first.
        const std::size_t qi = backward ? 1 : 0;
        if (d.size() < qi + 2 || d[qi].size() != 4 || d[qi + 1].size() != 4 || d[qi][3] != d[qi + 1][3])
            return c;
        const auto &q = d[qi], &k = d[qi + 1];
        flops = 4.0 * double(q[0]) * double(q[1]) * double(q[2]) * double(k[2]) * double(q[3]);
        out = q;
    } else if (name.substr(0, 11) == "flash_attn:") {
        // flash_attn's layout: q [B,Lq,H,D], k [B,Lk,H,D]; a backward op takes dout first.
        const std::size_t qi = backward ? 1 : 0;
        if (d.size() < qi + 2 || d[qi].size() != 4 || d[qi + 1].size() != 4 || d[qi][3] != d[qi + 1][3])
            return c;
        const auto &q = d[qi], &k = d[qi + 1];
        flops = 4.0 * double(q[0]) * double(q[2]) * double(q[1]) * double(k[1]) * double(q[3]);
        out = q;
    } else if (const ConvArgs *conv = convArgs(name)) {
        // input [N, Cin, spatial...], weight [Cout, Cin/groups, k...]
        if (d.size() < 2 || d[0].size() < 3 || d[0].size() != d[1].size())
            return c;
        const auto &x = d[0], &w = d[1];
        const std::size_t rank = x.size() - 2;
        const auto stride = concreteInts(in, conv->stride, rank), padding = concreteInts(in, conv->padding, rank),
                   dilation = concreteInts(in, conv->dilation, rank);
        const auto groups = concreteInts(in, conv->groups, 1);
        if (stride.empty() || padding.empty() || dilation.empty() || groups.empty() || groups[0] < 1)
            return c;
        if (conv->transposed >= 0
            && (conv->transposed >= in.concrete.size() || in.concrete[conv->transposed].trimmed() != QLatin1String("False")))
            return c; // a transposed convolution (or one that does not say): its output is another sum
        const std::int64_t g = groups[0];
        if (w[1] * g != x[1] || w[0] % g != 0)
            return c;
        out = {x[0], w[0]};
        double kernel = 1;
        for (std::size_t i = 0; i < rank; ++i) {
            if (stride[i] < 1)
                return c;
            const std::int64_t span = x[2 + i] + 2 * padding[i] - dilation[i] * (w[2 + i] - 1) - 1;
            if (span < 0)
                return c; // the kernel does not fit the padded input
            out.push_back(span / stride[i] + 1);
            kernel *= double(w[2 + i]);
        }
        flops = 2.0 * elements(out) * double(w[1]) * kernel;
    } else {
        return c;
    }
    if (backward)
        flops *= 2.5; // the backward of attention: dQ, dK, dV and the recomputed scores
    c.flops = flops;
    // The dtype of the first tensor input; bytes in it.
    for (std::size_t i = 0; i < d.size(); ++i)
        if (isTensor(in, i) && i < std::size_t(in.types.size())) {
            c.dtype = shortDtype(in.types[int(i)]);
            break;
        }
    // Float4_e2m1fn_x2 packs two values of K in each element: the product's K is twice the shape's.
    if (c.dtype == QLatin1String("fp4") && name == "aten::_scaled_mm")
        c.flops *= 2;
    if (const int size = dtypeSize(c.dtype); size > 0) {
        double elems = out.empty() ? 1.0 : elements(out);
        for (std::size_t i = 0; i < d.size(); ++i)
            if (isTensor(in, i))
                elems += elements(d[i]);
        c.bytes = elems * size;
    }
    return c;
}

} // namespace lanescope::analysis
