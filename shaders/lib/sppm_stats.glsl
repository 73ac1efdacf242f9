// Progressive statistics, declared only in the kernels that read them (eye
// pass, update): llvmpipe counts every declared storage block against its
// 16 a kernel, and the photon pass with the deferred gather's hit buffer
// would need 17. Tau (accumulated flux, rgb) and R^2; N (photons
// kept) and the summed direct emission seen by the eye (rgb). Doubles: in
// float32 N stops growing at 2^24, R^2's shrink factor rounds to 1 and the
// direct sum stops taking small terms long before 1e11 photons or 2^26
// iterations (issue #9). Two arrays of 32 bytes a pixel, no larger than the
// others (llvmpipe's storage blocks end at 128 MiB).
layout(std430, binding = STATS_TAU_BINDING) buffer StatsTau { dvec4 stats_tau_r2[]; };
layout(std430, binding = STATS_N_BINDING) buffer StatsN { dvec4 stats_n_direct[]; };
