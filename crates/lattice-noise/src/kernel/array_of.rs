//! [`array_of`]: a small fixed-size array built from its indices, for the kernels.

/// `[f(0), f(1), .., f(N - 1)]`, for `Copy` values (`fill` only sizes the array).
///
/// What `std::array::from_fn` does, as a plain loop. The kernels are instantiated for
/// every function, step, accumulation mode and CPU build (over 500 copies of the block
/// loop alone), and `from_fn` and `<[T; N]>::map` bring a fallible, drop-guarded
/// builder into each copy: measured, that machinery was a third of the engine's
/// unoptimised code, which the test and debug builds compile line by line.
#[inline(always)]
pub(super) fn array_of<T: Copy, const N: usize>(fill: T, mut f: impl FnMut(usize) -> T) -> [T; N] {
    let mut a = [fill; N];
    for (i, v) in a.iter_mut().enumerate() {
        *v = f(i);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::array_of;

    #[test]
    fn builds_each_index_in_order() {
        let mut calls = Vec::new();
        let a: [usize; 5] = array_of(99, |i| {
            calls.push(i);
            i * i
        });
        assert_eq!(a, [0, 1, 4, 9, 16]);
        assert_eq!(calls, [0, 1, 2, 3, 4]);
        let empty: [u8; 0] = array_of(1, |_| unreachable!("no index in an empty array"));
        assert_eq!(empty, []);
    }
}
