//! Fixed-width signed integers of `L` 64-bit words: the Dutch pairing's edge weights, whose
//! criteria need hundreds of bits, and the matching's duals.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// A signed integer of `L` 64-bit words, two's complement, least significant word first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    pub const ZERO: Self = Wide([0; L]);
    /// The most bits a value may use (one is the sign).
    pub const BITS: u32 = 64 * L as u32 - 1;

    pub fn from_u64(x: u64) -> Self {
        let mut w = [0; L];
        w[0] = x;
        Wide(w)
    }

    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    /// Shifts left by `bits` (the bits past the top are lost).
    pub fn shifted(self, bits: u32) -> Self {
        let words = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; L];
        for i in (words..L).rev() {
            let mut v = self.0[i - words] << rest;
            if rest > 0 && i > words {
                v |= self.0[i - words - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// Sets the low bits of `x`.
    pub fn or(self, x: u64) -> Self {
        let mut w = self.0;
        w[0] |= x;
        Wide(w)
    }

    /// `1 << bit`.
    pub fn bit(bit: u32) -> Self {
        Self::from_u64(1).shifted(bit)
    }

    /// Halves (rounding towards minus infinity).
    pub fn half(self) -> Self {
        let mut out = [0u64; L];
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < L {
                self.0[i + 1] << 63
            } else {
                // The sign bit stays.
                self.0[L - 1] & (1 << 63)
            };
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    #[inline(always)]
    pub fn is_negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *o = s;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<2>;

    #[test]
    fn wide_arithmetic_carries_across_words_and_orders_signed_values() {
        let a = W::bit(70) + W::from_u64(u64::MAX);
        let b = a - W::from_u64(u64::MAX) - W::from_u64(u64::MAX);
        assert!(b < W::bit(70) && b > W::bit(69));
        assert!(W::ZERO - W::from_u64(1) < W::ZERO);
        assert_eq!((W::bit(80) + W::bit(80)).half(), W::bit(80));
        assert_eq!((W::ZERO - W::from_u64(4)).half(), W::ZERO - W::from_u64(2));
        assert_eq!(W::from_u64(3).shifted(64), W::bit(64) + W::bit(65));
    }
}
