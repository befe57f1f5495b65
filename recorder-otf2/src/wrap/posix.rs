//! The libc layers' front-end of the core: the `wrap!` table line format (see the `wrap`
//! module documentation).

/// The function a wrapper records: its own name, or the one after `as` (a fortified entry
/// point such as `__read_chk` is recorded as `read`).
macro_rules! recorded_as {
    ($name:ident) => {
        io_events::functions::Func::$name
    };
    ($name:ident, $rec:ident) => {
        io_events::functions::Func::$rec
    };
}
pub(crate) use recorded_as;

/// Declare libc wrappers; see the module documentation for the line format.
macro_rules! wrap {
    ($( $layer:ident fn $name:ident ( $($a:ident : $t:ty),* ) -> $r:ty $(as $rec:ident)?
        [ $gate:expr ] $(refuse [ $refuse:expr ])? | $ts:ident, $ret:ident, $failed:ident | [ $($field:expr),* ] ; )*) => { $(
        $crate::wrap::exported! {
            #[allow(unused_variables, clippy::redundant_closure_call)]
            fn $name($($a: $t),*) -> $r;
            real: Real::new(concat!(stringify!($name), "\0"));
            missing: $crate::wrap::enosys::<$r>();
            |real| {
                $(
                    // Calls that must not reach libc at all (closing the recorder's own
                    // files): answered as if the descriptor were not open.
                    if $refuse {
                        $crate::runtime::set_errno(libc::EBADF);
                        return <$r as $crate::wrap::FailValue>::fail_value();
                    }
                )?
                $crate::wrap::record! {
                    policy: $crate::wrap::LIBC,
                    layer: io_events::functions::Layer::$layer,
                    func: $crate::wrap::recorded_as!($name $(, $rec)?),
                    gate: $gate,
                    call: real($($a),*),
                    before: |ts, t0| {}
                    after: |$ret, t1, $failed| {
                        // SAFETY: the thread's own state (see `record!`).
                        let $ts = &mut *ts;
                        (|| Some([$($field),*]))().map(|f| (f, 0))
                    }
                }
            }
        }
    )* };
}
pub(crate) use wrap;
