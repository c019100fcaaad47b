//! The checksum every Syzygy table file carries in its last 16 bytes, verified.
//!
//! A table damaged in download or on disk does not fail loudly: the prober reads it
//! and returns wrong results, which the search then trusts. The generator (syzygy1/tb,
//! `checksum.c`) appends a hash of the rest of the file, so the damage can be found
//! before a table is used, as its `tbcheck` tool does.
//!
//! The format: a complete file is 16 bytes more than a multiple of 64 long. The body
//! (all but the last 16 bytes) is cut into chunks of 16 MiB (the last one shorter);
//! each is hashed with CityHashCrc256, the 32-byte results are laid end to end and
//! hashed with CityHashCrc128, and those 16 bytes are what the file ends with.
//!
//! CityHashCrc* are the CityHash **v1.0.3** functions (Google, MIT licence; the
//! generator carries a C port of them, whose CityHashCrc128 is the unseeded one). The
//! hash must be that version exactly: v1.0.2 and v1.1 give other values. The CRC they
//! use is one step of the SSE4.2 `crc32` instruction on a 64-bit word: CRC-32C,
//! reflected, with no inversion before or after. Here it is done in software, or by
//! the instruction itself when the CPU has it; both give the same bits.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::num::Wrapping;
use std::path::Path;

/// Bytes of the body hashed as one unit (the generator's `CHUNK`).
pub const CHUNK: usize = 1 << 24;

/// Bytes of the stored checksum at the end of a file.
pub const STORED: usize = 16;

/// Why a file failed verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChecksumError {
    /// The file could not be opened or read: the path and the system's reason.
    Io(String),
    /// The file's size is not 16 more than a multiple of 64: it is cut short, or it
    /// never had a checksum appended.
    BadSize(u64),
    /// The body does not hash to the stored checksum: some byte is damaged.
    Mismatch,
}

impl fmt::Display for ChecksumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChecksumError::Io(reason) => write!(f, "cannot read the table: {reason}"),
            ChecksumError::BadSize(size) => write!(
                f,
                "size {size} is not 16 more than a multiple of 64 (cut short, or no checksum)"
            ),
            ChecksumError::Mismatch => write!(f, "the checksum does not match (damaged file)"),
        }
    }
}

impl std::error::Error for ChecksumError {}

/// The checksum stored at the end of a whole file's bytes, or `None` when the size
/// says the file has none (or is cut short), so that there is nothing to compare.
pub fn stored(bytes: &[u8]) -> Option<[u8; STORED]> {
    if bytes.len() % 64 != STORED {
        return None;
    }
    bytes[bytes.len() - STORED..].try_into().ok()
}

/// The checksum of a body (a file without its last 16 bytes), as the generator
/// computes it, in the byte order the file stores it.
pub fn compute(body: &[u8]) -> [u8; STORED] {
    let mut digest = Digest::new(Crc::best());
    body.chunks(CHUNK).for_each(|chunk| digest.add_chunk(chunk));
    digest.finish()
}

/// Verifies a whole file's bytes already in memory (see [`verify_file`] for a file on
/// disk, which needs no room for the whole table).
pub fn verify_bytes(bytes: &[u8]) -> Result<(), ChecksumError> {
    let expected = stored(bytes).ok_or(ChecksumError::BadSize(bytes.len() as u64))?;
    compare(compute(&bytes[..bytes.len() - STORED]), expected)
}

/// Verifies a table file on disk. It is read one 16 MiB chunk at a time, each hashed as
/// it comes, so a table of gigabytes needs 16 MiB of memory, not its own size.
pub fn verify_file(path: &Path) -> Result<(), ChecksumError> {
    let io = |e: std::io::Error| ChecksumError::Io(format!("{}: {e}", path.display()));
    let mut file = File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?.len();
    if size % 64 != STORED as u64 {
        return Err(ChecksumError::BadSize(size));
    }
    // `left` stays a u64: a table can be larger than a 32-bit usize.
    let mut left = size - STORED as u64;
    let next = |left: u64| left.min(CHUNK as u64) as usize;
    let mut buffer = vec![0u8; next(left)];
    let mut digest = Digest::new(Crc::best());
    while left > 0 {
        let chunk = &mut buffer[..next(left)];
        file.read_exact(chunk).map_err(io)?;
        digest.add_chunk(chunk);
        left -= chunk.len() as u64;
    }
    let mut expected = [0u8; STORED];
    file.read_exact(&mut expected).map_err(io)?;
    compare(digest.finish(), expected)
}

/// `Ok` when the computed checksum is the stored one.
fn compare(computed: [u8; STORED], expected: [u8; STORED]) -> Result<(), ChecksumError> {
    if computed == expected {
        Ok(())
    } else {
        Err(ChecksumError::Mismatch)
    }
}

/// The running state of a checksum: the CityHashCrc256 results of the chunks so far,
/// as the generator lays them out in memory (four little-endian `u64` each).
struct Digest {
    crc: Crc,
    parts: Vec<u8>,
}

impl Digest {
    /// An empty digest whose CityHashCrc calls use `crc`.
    fn new(crc: Crc) -> Digest {
        Digest {
            crc,
            parts: Vec::new(),
        }
    }

    /// Adds one chunk of the body: all but the last must be exactly [`CHUNK`] long.
    fn add_chunk(&mut self, chunk: &[u8]) {
        for word in city_crc256(chunk, self.crc) {
            self.parts.extend_from_slice(&word.to_le_bytes());
        }
    }

    /// The checksum: CityHashCrc128 of the chunk results, low word first.
    fn finish(self) -> [u8; STORED] {
        let [low, high] = city_crc128(&self.parts, self.crc);
        let mut out = [0u8; STORED];
        out[..8].copy_from_slice(&low.to_le_bytes());
        out[8..].copy_from_slice(&high.to_le_bytes());
        out
    }
}

// ---------------------------------------------------------------------------------
// CRC-32C, one 64-bit word at a time, with `_mm_crc32_u64` semantics.

/// Which CRC implementation a hash uses. Both give the same bits; the choice is speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Crc {
    /// Slicing-by-8 tables, on any CPU.
    Software,
    /// The SSE4.2 `crc32` instruction; chosen only after the CPU has been asked.
    #[cfg(target_arch = "x86_64")]
    Sse42,
}

impl Crc {
    /// The fastest implementation this CPU runs.
    fn best() -> Crc {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("sse4.2") {
            return Crc::Sse42;
        }
        Crc::Software
    }
}

/// The Castagnoli polynomial, bit-reversed (the CRC is reflected).
const CASTAGNOLI: u32 = 0x82F6_3B78;

/// `TABLES[k][n]`: the CRC register after byte `n` followed by `k` zero bytes, so that
/// eight bytes are folded in with eight look-ups instead of eight dependent steps.
static TABLES: [[u32; 256]; 8] = crc_tables();

/// Built at compile time: the bitwise CRC for table 0, then each table from the one
/// before it by one more zero byte.
const fn crc_tables() -> [[u32; 256]; 8] {
    let mut tables = [[0u32; 256]; 8];
    let mut n = 0;
    while n < 256 {
        let mut crc = n as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = (crc >> 1) ^ (CASTAGNOLI & (crc & 1).wrapping_neg());
            bit += 1;
        }
        tables[0][n] = crc;
        n += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut n = 0;
        while n < 256 {
            let previous = tables[k - 1][n];
            tables[k][n] = (previous >> 8) ^ tables[0][(previous & 0xff) as usize];
            n += 1;
        }
        k += 1;
    }
    tables
}

/// `_mm_crc32_u64(crc, word)` in software: the low 32 bits of `crc` take in the eight
/// bytes of `word`, lowest first; the result's high 32 bits are zero.
#[inline(always)]
fn crc32c_word_software(crc: u64, word: u64) -> u64 {
    let b = (word ^ (crc & 0xffff_ffff)).to_le_bytes();
    let t = &TABLES;
    let low = t[7][b[0] as usize] ^ t[6][b[1] as usize] ^ t[5][b[2] as usize];
    let high = t[4][b[3] as usize] ^ t[3][b[4] as usize] ^ t[2][b[5] as usize];
    u64::from(low ^ high ^ t[1][b[6] as usize] ^ t[0][b[7] as usize])
}

// ---------------------------------------------------------------------------------
// CityHash v1.0.3: the parts CityHashCrc128 and CityHashCrc256 need. Arithmetic wraps
// (the reference is C on `uint64_t`); words are read little-endian, as on x86.

type W = Wrapping<u64>;

const K0: W = Wrapping(0xc3a5_c85c_97cb_3127);
const K1: W = Wrapping(0xb492_b66f_be98_f273);
const K2: W = Wrapping(0x9ae1_6a3b_2f90_404f);
const K3: W = Wrapping(0xc949_d7c7_509e_6557);
const K_MUL: W = Wrapping(0x9ddf_ea08_eb38_2d69);

/// A length as the reference's `size_t`, for mixing into the hash.
fn len64(n: usize) -> W {
    Wrapping(n as u64)
}

/// The little-endian word at `s[at..]`: the generator ran on x86 and its hash reads
/// words as they lie in memory there.
#[inline(always)]
fn fetch64(s: &[u8], at: usize) -> W {
    Wrapping(u64::from_le_bytes(s[at..at + 8].try_into().unwrap()))
}

/// As [`fetch64`], for the 32-bit word at `s[at..]`.
fn fetch32(s: &[u8], at: usize) -> W {
    Wrapping(u32::from_le_bytes(s[at..at + 4].try_into().unwrap()).into())
}

/// The reference's Rotate (right); `rotate_right` also covers a shift of 0.
#[inline(always)]
fn rot(v: W, shift: u32) -> W {
    Wrapping(v.0.rotate_right(shift))
}

/// Folds the high bits into the low ones after a multiplication.
#[inline(always)]
fn shift_mix(v: W) -> W {
    v ^ (v >> 47)
}

/// Hash128to64 of the pair (u, v), Murmur-like; CityHash's basic mixing step.
#[inline(always)]
fn hash_len16(u: W, v: W) -> W {
    let a = shift_mix((u ^ v) * K_MUL);
    let b = shift_mix((v ^ a) * K_MUL);
    b * K_MUL
}

/// A 64-bit hash of at most 16 bytes.
fn hash_len0to16(s: &[u8]) -> W {
    let len = s.len();
    if len > 8 {
        let (a, b) = (fetch64(s, 0), fetch64(s, len - 8));
        hash_len16(a, rot(b + len64(len), len as u32)) ^ b
    } else if len >= 4 {
        hash_len16(len64(len) + (fetch32(s, 0) << 3), fetch32(s, len - 4))
    } else if len > 0 {
        let (a, b, c) = (s[0] as u32, s[len >> 1] as u32, s[len - 1] as u32);
        let y = Wrapping(u64::from(a + (b << 8)));
        let z = Wrapping(u64::from(len as u32 + (c << 2)));
        shift_mix((y * K2) ^ (z * K3)) * K2
    } else {
        K2
    }
}

/// Two words of state stirred with 32 bytes at `s[at..]`; the reference's
/// WeakHashLen32WithSeeds, quick and dirty by its own account.
#[inline(always)]
fn weak_hash32(s: &[u8], at: usize, a: W, b: W) -> (W, W) {
    let (w0, x, y, z) = (
        fetch64(s, at),
        fetch64(s, at + 8),
        fetch64(s, at + 16),
        fetch64(s, at + 24),
    );
    let a = a + w0;
    let b = rot(b + a + z, 21);
    let c = a;
    let a = a + x + y;
    (a + z, b + rot(a, 44) + c)
}

/// CityMurmur: CityHash128WithSeed for inputs shorter than 128 bytes.
fn city_murmur(s: &[u8], seed: (W, W)) -> (W, W) {
    let len = s.len();
    let (mut a, mut b) = seed;
    let (mut c, mut d);
    if len <= 16 {
        a = shift_mix(a * K1) * K1;
        c = b * K1 + hash_len0to16(s);
        d = shift_mix(a + if len >= 8 { fetch64(s, 0) } else { c });
    } else {
        c = hash_len16(fetch64(s, len - 8) + K1, a);
        d = hash_len16(b + len64(len), c + fetch64(s, len - 16));
        a += d;
        // 16 bytes a step, the last step ending before the last byte or at it.
        let mut at = 0;
        while at + 16 < len {
            a ^= shift_mix(fetch64(s, at) * K1) * K1;
            a *= K1;
            b ^= a;
            c ^= shift_mix(fetch64(s, at + 8) * K1) * K1;
            c *= K1;
            d ^= c;
            at += 16;
        }
    }
    let (a, b) = (hash_len16(a, c), hash_len16(d, b));
    (a ^ b, hash_len16(b, a))
}

/// The state of CityHash128WithSeed's long-input loop.
struct State128 {
    x: W,
    y: W,
    z: W,
    v: (W, W),
    w: (W, W),
}

impl State128 {
    /// Takes in the 64 bytes at `s[at..]` (the reference's loop body, run twice a turn).
    #[inline(always)]
    fn round(&mut self, s: &[u8], at: usize) {
        let Self { x, y, z, v, w } = self;
        *x = rot(*x + *y + v.0 + fetch64(s, at + 8), 37) * K1;
        *y = rot(*y + v.1 + fetch64(s, at + 48), 42) * K1;
        *x ^= w.1;
        *y += v.0 + fetch64(s, at + 40);
        *z = rot(*z + w.0, 33) * K1;
        *v = weak_hash32(s, at, v.1 * K1, *x + w.0);
        *w = weak_hash32(s, at + 32, *z + w.1, *y + fetch64(s, at + 16));
        std::mem::swap(z, x);
    }
}

/// CityHash128WithSeed: a 128-bit hash of `s` and a 128-bit seed (low, high).
fn city_hash128_with_seed(s: &[u8], seed: (W, W)) -> (W, W) {
    if s.len() < 128 {
        return city_murmur(s, seed);
    }
    let (x, y, z) = (seed.0, seed.1, len64(s.len()) * K1);
    let v0 = rot(y ^ K1, 49) * K1 + fetch64(s, 0);
    let v = (v0, rot(v0, 42) * K1 + fetch64(s, 8));
    let w = (rot(y + z, 35) * K1 + x, rot(x + fetch64(s, 88), 53) * K1);
    let mut st = State128 { x, y, z, v, w };
    let mut at = 0;
    while s.len() - at >= 128 {
        st.round(s, at);
        st.round(s, at + 64);
        at += 128;
    }
    let tail = s.len() - at;
    let State128 {
        mut x,
        mut y,
        mut z,
        mut v,
        mut w,
    } = st;
    x += rot(v.0 + z, 49) * K0;
    z += rot(w.0, 37) * K0;
    // Up to four 32-byte pieces from the end; the last may reach back into bytes the
    // loop above took in already (the reference does the same).
    let mut done = 0;
    while done < tail {
        done += 32;
        let piece = at + tail - done;
        y = rot(x + y, 42) * K0 + v.1;
        w.0 += fetch64(s, piece + 16);
        x = x * K0 + w.0;
        z += w.1 + fetch64(s, piece);
        w.1 += v.0;
        v = weak_hash32(s, piece, v.0 + z, v.1);
    }
    let x = hash_len16(x, v.0);
    let y = hash_len16(y + z, w.0);
    (hash_len16(x + v.1, w.1) + y, hash_len16(x + w.1, y + v.1))
}

/// CityHash128: the seed is made from the first bytes, or constants when there are few.
fn city_hash128(s: &[u8]) -> (W, W) {
    let len = s.len();
    if len >= 16 {
        city_hash128_with_seed(&s[16..], (fetch64(s, 0) ^ K3, fetch64(s, 8)))
    } else if len >= 8 {
        let seed = (fetch64(s, 0) ^ (len64(len) * K0), fetch64(s, len - 8) ^ K1);
        city_hash128_with_seed(&[], seed)
    } else {
        city_hash128_with_seed(s, (K0, K1))
    }
}

/// The state of CityHashCrc256's loop: five mixed words (a..e), the word that left
/// them last (t), and five CRC lanes (f..j) that each follow one of the words.
struct State256 {
    a: W,
    b: W,
    c: W,
    d: W,
    e: W,
    t: W,
    f: u64,
    g: u64,
    h: u64,
    i: u64,
    j: u64,
}

impl State256 {
    /// Takes in the 40 bytes at `s[at..]`: the reference's CHUNK macro. `odd` picks the
    /// rotations and multiplier of the first, third and fifth of six per 240 bytes.
    #[inline(always)]
    fn step(&mut self, s: &[u8], at: usize, odd: bool, crc: impl Fn(u64, u64) -> u64) {
        let block: &[u8; 40] = s[at..at + 40].try_into().unwrap();
        let (z, m) = if odd { (1, Wrapping(1)) } else { (0, K0) };
        let old_a = self.a;
        self.a = rot(self.b, 41 ^ z) * m + fetch64(block, 0);
        self.b = rot(self.c, 27 ^ z) * m + fetch64(block, 8);
        self.c = rot(self.d, 41 ^ z) * m + fetch64(block, 16);
        self.d = rot(self.e, 33 ^ z) * m + fetch64(block, 24);
        self.e = rot(self.t, 25 ^ z) * m + fetch64(block, 32);
        self.t = old_a;
        self.f = crc(self.f, self.a.0);
        self.g = crc(self.g, self.b.0);
        self.h = crc(self.h, self.c.0);
        self.i = crc(self.i, self.d.0);
        self.j = crc(self.j, self.e.0);
    }
}

/// CityHashCrc256Long: `s` must be at least 240 bytes. Generic over the CRC so that
/// each implementation gets its own inlined copy of the hot loop.
#[inline(always)]
fn crc256_long(s: &[u8], seed: u32, crc: impl Fn(u64, u64) -> u64 + Copy) -> [u64; 4] {
    let len = s.len();
    let b = fetch64(s, 96) + K0;
    let r0 = hash_len16(b, len64(len));
    let r1 = fetch64(s, 120) * K0 + len64(len);
    let seed64 = u64::from(seed);
    let mut st = State256 {
        a: fetch64(s, 56) + K0,
        b,
        c: r0,
        d: r1,
        e: fetch64(s, 184) + Wrapping(seed64),
        t: r0 + r1,
        f: seed64,
        g: 0,
        h: 0,
        i: 0,
        j: 0,
    };
    let whole = len / 240 * 240;
    for at in (0..whole).step_by(40) {
        st.step(s, at, (at / 40) % 2 == 0, crc);
    }
    for at in (whole..len - 39).step_by(40) {
        st.step(s, at, false, crc);
    }
    if !(len - whole).is_multiple_of(40) {
        st.step(s, len - 40, false, crc);
    }
    crc256_finish(st, r0, r1)
}

/// The end of CityHashCrc256Long: 56 bytes of state and ~20 bytes of CRC to 32 bytes.
fn crc256_finish(st: State256, r0: W, r1: W) -> [u64; 4] {
    #[rustfmt::skip]
    let State256 { a, b, c, d, e, t, f, g, h, i, j } = st;
    let j = Wrapping(j) + Wrapping(i << 32);
    let a = hash_len16(a, j);
    let h = Wrapping(h) + Wrapping(g << 32);
    let b = b + h;
    let c = hash_len16(c, Wrapping(f)) + Wrapping(i);
    let d = hash_len16(d, e + r0);
    let j = j + e;
    let i = Wrapping(i) + hash_len16(h, t);
    let e = hash_len16(a, d) + j;
    let f = hash_len16(b, c) + a;
    let g = hash_len16(j, i) + c;
    let out0 = e + f + g + h;
    let a = shift_mix((a + g) * K0) * K0 + b;
    let out1 = r1 + a + out0;
    let a = shift_mix(a * K0) * K0 + c;
    let out2 = a + out1;
    let a = shift_mix((a + e) * K0) * K0;
    [out0.0, out1.0, out2.0, (a + out2).0]
}

/// The hot loop with the SSE4.2 `crc32` instruction compiled in.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse4.2")]
fn crc256_long_sse42(s: &[u8], seed: u32) -> [u64; 4] {
    crc256_long(s, seed, |crc, word| {
        std::arch::x86_64::_mm_crc32_u64(crc, word)
    })
}

/// CityHashCrc256Long with the chosen CRC.
fn crc256_long_with(s: &[u8], seed: u32, crc: Crc) -> [u64; 4] {
    match crc {
        Crc::Software => crc256_long(s, seed, crc32c_word_software),
        // SAFETY: `Crc::Sse42` is made only by `Crc::best` once the CPU has reported
        // SSE4.2, or by tests that checked the same, so the instruction exists.
        #[cfg(target_arch = "x86_64")]
        Crc::Sse42 => unsafe { crc256_long_sse42(s, seed) },
    }
}

/// CityHashCrc256: inputs under 240 bytes are padded with zeros to 240 and told
/// apart by a seed made from their length.
fn city_crc256(s: &[u8], crc: Crc) -> [u64; 4] {
    if s.len() >= 240 {
        return crc256_long_with(s, 0, crc);
    }
    let mut padded = [0u8; 240];
    padded[..s.len()].copy_from_slice(s);
    crc256_long_with(&padded, !(s.len() as u32), crc)
}

/// CityHashCrc128 (unseeded): CityHash128 up to 900 bytes, else half of CityHashCrc256.
fn city_crc128(s: &[u8], crc: Crc) -> [u64; 2] {
    if s.len() <= 900 {
        let (low, high) = city_hash128(s);
        [low.0, high.0]
    } else {
        let [_, _, low, high] = city_crc256(s, crc);
        [low, high]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// The implementations this machine can run: software always, SSE4.2 if present.
    fn crcs() -> Vec<Crc> {
        let mut crcs = vec![Crc::Software];
        if Crc::best() != Crc::Software {
            crcs.push(Crc::best());
        }
        crcs
    }

    /// A reproducible stream of pseudo-random words (SplitMix64).
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// `len` bytes of SplitMix64 words from `seed`, as the reference driver made them.
    fn synthetic(len: usize, seed: u64) -> Vec<u8> {
        let mut state = seed;
        let mut bytes = Vec::with_capacity(len + 8);
        while bytes.len() < len {
            bytes.extend_from_slice(&splitmix(&mut state).to_le_bytes());
        }
        bytes.truncate(len);
        bytes
    }

    /// The input of CityHash's own test (city-test.cc): 1 MiB of pseudo-random bytes.
    fn city_test_data() -> Vec<u8> {
        let (mut a, mut b) = (9u64, 777u64);
        (0..1usize << 20)
            .map(|i| {
                a = (a ^ (a >> 41)).wrapping_mul(K0.0).wrapping_add(b);
                b = (b ^ (b >> 41)).wrapping_mul(K0.0).wrapping_add(i as u64);
                (b >> 37) as u8
            })
            .collect()
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn tables() -> Vec<PathBuf> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("the test tables are there")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "rtbw" || e == "rtbz"))
            .collect();
        files.sort();
        files
    }

    /// A file of its own for a test that writes one, removed when dropped.
    struct TempFile(PathBuf);

    impl TempFile {
        fn new(name: &str, bytes: &[u8]) -> TempFile {
            let path =
                std::env::temp_dir().join(format!("tiefe-checksum-{}-{name}", std::process::id()));
            std::fs::write(&path, bytes).expect("the temporary directory is writable");
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn software_crc_is_crc32c() {
        // The CRC-32C check value: "123456789" with the usual inversions around it.
        let data = b"123456789";
        let word = u64::from_le_bytes(data[..8].try_into().unwrap());
        let mut crc = crc32c_word_software(0xffff_ffff, word) as u32;
        crc = (crc >> 8) ^ TABLES[0][((crc ^ u32::from(data[8])) & 0xff) as usize];
        assert_eq!(!crc, 0xe306_9283);
        // Only the low 32 bits of the register count, and the high ones come out zero.
        assert_eq!(
            crc32c_word_software(u64::MAX, word),
            crc32c_word_software(0xffff_ffff, word)
        );
        assert_eq!(crc32c_word_software(u64::MAX, word) >> 32, 0);
    }

    #[test]
    fn hardware_and_software_crc_agree() {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("sse4.2") {
            let mut state = 1;
            for _ in 0..100_000 {
                let (crc, word) = (splitmix(&mut state), splitmix(&mut state));
                // SAFETY: the CPU has SSE4.2, checked above.
                let hardware = unsafe { std::arch::x86_64::_mm_crc32_u64(crc, word) };
                assert_eq!(
                    hardware,
                    crc32c_word_software(crc, word),
                    "{crc:x} {word:x}"
                );
            }
            for len in [0, 1, 239, 240, 241, 279, 280, 1000, 4096, 100_003] {
                let data = synthetic(len, len as u64);
                let software = city_crc256(&data, Crc::Software);
                assert_eq!(city_crc256(&data, Crc::Sse42), software, "length {len}");
            }
            return;
        }
        eprintln!("no SSE4.2 on this CPU: only the software CRC was tested");
    }

    /// Rows of CityHash v1.0.3's own test (city-test.cc): the row number, whose input is
    /// `row` bytes at offset `row * row` (row 299: all 1 MiB), CityHashCrc128 (low,
    /// high), and CityHashCrc256.
    #[rustfmt::skip]
    const CITY_V103_ROWS: &[(usize, [u64; 2], [u64; 4])] = &[
        (0, [0x3df09dfc64c09a2b, 0x3cb540c392e51e29], [0x889f555a0f5b2dc0, 0x7767800902c8a8ce, 0xbcd2a808f4cb4a44, 0xe9024dba8f94f2f3]),
        (1, [0x1290f0e8a5caa74d, 0xca4c6bf7583f5cda], [0x9866d68d17c2c08e, 0x8d84ba63eb4d020a, 0xdf0ad99c78cbce44, 0x7c98593ef62573ed]),
        (8, [0x763529c8d4189ea8, 0x860d77e7fef74ca3], [0x5f7b463094e22a91, 0x75d6f57376b31bd7, 0xd253c7f89efec8e6, 0xefe56ac880a2b8a3]),
        (16, [0x8505c996b70ee9fc, 0xb92bba6b5d778eb7], [0x4d940313c96ac6bd, 0x43762837c9ffac4b, 0x480fcf58920722e3, 0x4bbd1e1a1d06752f]),
        (17, [0x1660a2c4972d0fa1, 0x01a1538d6b50a57c], [0x2562514461d373da, 0x033857675fed52b4, 0xe58d2a17057f1943, 0xfe7d3f30820e4925]),
        (64, [0x4caf4deeda66a6ee, 0x264720f6f35f7840], [0x16155fef16fc08e8, 0x9d0c1d1d5254139a, 0x246513bf2ac95ee2, 0x22c8440f59925034]),
        (127, [0x664ec3fad8521859, 0x406f082beb9ca29a], [0xd9a6ceb072eab22a, 0xd5bc5df5eb2ff6f1, 0x488db3cab48daa0b, 0x9916f14fa5672f37]),
        (128, [0x5414e385f5677a6d, 0x41ef105f8a682a28], [0x8919017805e84b3f, 0x15402f44e0e2b259, 0x483b1309e1403c87, 0x85c7b4232d45b0d9]),
        (129, [0xd4bd358fed3e6aa5, 0x8a1ba396356197d9], [0x0f6c610cf7e7c955, 0xdab6a53e1c0780f8, 0x837c9ffec33e5d48, 0x8cb8c20032af152d]),
        (239, [0x6ca08e09227a9630, 0x8b11f73a8e5b80eb], [0xc9bd6d82b7a73d9d, 0xb2ed9bae888447ac, 0xbd22bb13af0cd06d, 0x62781441785b355b]),
        (240, [0xd407ecdbfb7cb138, 0x642442eff44578af], [0x8462310a2c76ff51, 0x1bc17a2e0976665e, 0x6ec446b13b4d79cf, 0x388c7a904b4264c1]),
        (241, [0xd6936b41687c1e3d, 0xa1a2deb673345994], [0xddf4b43dafd17445, 0x44015d050a04ce5c, 0x1019fd9ab82c4655, 0xc803aea0957bcdd1]),
        (298, [0x634acbe037edec27, 0x878a97fab822d804], [0x68a96d589d5e5654, 0xa752cb250bca1bc0, 0x8f228f406024aa7e, 0xfc5408cf22a080b5]),
        (299, [0x33fc6ffd1ffb8676, 0x36db7617b765f6e2], [0x3f27d7bb79e31984, 0xa39dc6ac6cb0b0a8, 0x33fc6ffd1ffb8676, 0x36db7617b765f6e2]),
    ];

    #[test]
    fn city_hash_is_version_1_0_3() {
        let data = city_test_data();
        for &(row, crc128, crc256) in CITY_V103_ROWS {
            let input = match row {
                299 => &data[..],
                _ => &data[row * row..row * row + row],
            };
            for crc in crcs() {
                assert_eq!(city_crc128(input, crc), crc128, "row {row}, {crc:?}");
                assert_eq!(city_crc256(input, crc), crc256, "row {row}, {crc:?}");
            }
        }
    }

    #[test]
    fn city_hash_matches_the_generator_at_every_length() {
        // CityHashCrc256 and CityHashCrc128 of every length 0..=1100 at offsets 0 and 1
        // of the test data, all the results hashed with CityHashCrc128: the same
        // computed with the generator's city-c.c gave this value.
        let data = city_test_data();
        for crc in crcs() {
            let mut results = Vec::new();
            for len in 0..=1100 {
                for offset in 0..2 {
                    let input = &data[offset..offset + len];
                    results.extend(city_crc256(input, crc));
                    results.extend(city_crc128(input, crc));
                }
            }
            let bytes: Vec<u8> = results.iter().flat_map(|r| r.to_le_bytes()).collect();
            let folded = city_crc128(&bytes, crc);
            assert_eq!(folded, [0x659973b1ee2163de, 0x7d8faf41939b1d32], "{crc:?}");
        }
    }

    #[test]
    fn compute_matches_the_generator_on_synthetic_bodies() {
        // Checksums the generator's code gave for SplitMix64 bodies (size, seed): none,
        // and two whole chunks and a part.
        let cases = [
            (0, 1, "2b9ac064fc9df03d291ee592c340b53c"),
            (
                2 * CHUNK + 12345 * 64,
                7,
                "1648a08a28d9d007b214167b2bf9cf6d",
            ),
        ];
        for (size, seed, expected) in cases {
            let body = synthetic(size, seed);
            assert_eq!(hex(&compute(&body)), expected, "size {size}");
            for crc in crcs() {
                let mut digest = Digest::new(crc);
                body.chunks(CHUNK).for_each(|chunk| digest.add_chunk(chunk));
                assert_eq!(hex(&digest.finish()), expected, "size {size}, {crc:?}");
            }
        }
    }

    #[test]
    fn every_test_table_verifies() {
        let files = tables();
        assert_eq!(files.len(), 70);
        for path in &files {
            assert_eq!(verify_file(path), Ok(()), "{}", path.display());
            let bytes = std::fs::read(path).unwrap();
            let body = &bytes[..bytes.len() - STORED];
            assert_eq!(stored(&bytes), Some(compute(body)), "{}", path.display());
        }
    }

    #[test]
    fn a_flipped_byte_is_a_mismatch() {
        for path in tables().iter().step_by(7) {
            let bytes = std::fs::read(path).unwrap();
            let len = bytes.len();
            // The body's first, middle and last bytes; the checksum's first and last.
            for at in [0, len / 2, len - STORED - 1, len - STORED, len - 1] {
                let mut damaged = bytes.clone();
                damaged[at] ^= 0x10;
                let name = format!("{}-{at}", path.file_name().unwrap().to_string_lossy());
                assert_eq!(
                    verify_bytes(&damaged),
                    Err(ChecksumError::Mismatch),
                    "{name}"
                );
                let file = TempFile::new(&name, &damaged);
                assert_eq!(verify_file(&file.0), Err(ChecksumError::Mismatch), "{name}");
            }
        }
    }

    #[test]
    fn a_cut_file_has_a_bad_size() {
        let path = &tables()[0];
        let bytes = std::fs::read(path).unwrap();
        for cut in [1, STORED, 63, bytes.len()] {
            let short = &bytes[..bytes.len() - cut];
            let size = short.len() as u64;
            assert_eq!(stored(short), None);
            assert_eq!(verify_bytes(short), Err(ChecksumError::BadSize(size)));
            let file = TempFile::new(&format!("cut-{cut}"), short);
            assert_eq!(verify_file(&file.0), Err(ChecksumError::BadSize(size)));
        }
    }

    #[test]
    fn a_missing_file_is_an_io_error() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy/KvK.rtbw");
        assert!(matches!(verify_file(&path), Err(ChecksumError::Io(_))));
    }

    /// Throughput, and the checksum of a 1 GiB body (64 chunks, so the final hash takes
    /// CityHashCrc128's long path) against the generator's. Run it by hand:
    /// `cargo test --release --lib syzygy::checksum -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn gigabyte_throughput() {
        let body = synthetic(1 << 30, 42);
        let expected = "4990185d781e896618030f06a089405d";
        let mb = body.len() as f64 / 1e6;
        for crc in crcs() {
            let start = std::time::Instant::now();
            let mut digest = Digest::new(crc);
            body.chunks(CHUNK).for_each(|chunk| digest.add_chunk(chunk));
            assert_eq!(hex(&digest.finish()), expected, "{crc:?}");
            let seconds = start.elapsed().as_secs_f64();
            eprintln!("{crc:?}: {:.0} MB/s in memory", mb / seconds);
        }
        let mut file = body;
        file.extend_from_slice(&compute(&file));
        let file = TempFile::new("gigabyte.rtbw", &file);
        let start = std::time::Instant::now();
        assert_eq!(verify_file(&file.0), Ok(()));
        eprintln!(
            "verify_file: {:.0} MB/s",
            mb / start.elapsed().as_secs_f64()
        );
    }
}
