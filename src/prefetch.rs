//! A cache hint: ask the CPU to start loading a value that will be read a moment later.
//!
//! After a move is made, the child node reads the transposition table, the pawn cache and
//! the correction history at slots picked by hashes of the new position: each a likely
//! cache miss. Asking for those lines as soon as the keys are known lets the loads
//! overlap with the work done before they are used.

/// Starts loading the cache line holding `value`. A hint only: it changes no state and
/// no result, and does nothing on targets other than x86-64.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE is part of x86_64; a prefetch reads nothing architecturally and
        // cannot fault, and the pointer comes from a live reference anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(value as *const T as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
