//! ISO C streams: the stream's handle and the descriptor under it, whose parent it is.

use super::{process, rec, run, Ev};

#[test]
fn fopen_fwrite_fclose_with_the_descriptor_under_the_stream() {
    let p = process(&[(1, "/data/log")], &[], &[]);
    let flags = (libc::O_WRONLY | libc::O_CREAT | libc::O_TRUNC) as u64;
    let stream = 0x5000;
    let records = [
        rec("fopen", 0, 10, 20, &[1, flags, 5, stream]),
        rec("fwrite", 0, 30, 40, &[stream, 1, 12, 12, 12, 12]),
        rec("fwrite", 0, 50, 60, &[stream, 1, 8, 8, 8, 8]),
        rec("write", 0, 70, 80, &[5, 3, 3]),
        rec("fclose", 0, 90, 100, &[stream, 0]),
    ];
    let r = run(&p, 0, &records);
    let [hs, hp] = r.created()[..] else {
        panic!("two handles: {:?}", r.log.events)
    };
    assert_eq!(
        r.parent(hp),
        Some(hs),
        "the descriptor's parent is the stream"
    );
    assert_eq!(r.parent(hs), None);
    assert_eq!(r.file_name(hs), "/data/log");
    assert_eq!(r.file_name(hp), "/data/log");
    let ops: Vec<_> = r
        .log
        .begins()
        .iter()
        .map(|b| (b.handle, b.offset))
        .collect();
    // Through the stream, the descriptor's position is not the stream's (stdio buffers).
    assert_eq!(ops, [(hs, Some(0)), (hs, Some(12)), (hp, None)]);
    // fclose closes the descriptor under the stream, then the stream.
    assert!(r.log.index(&Ev::Destroy(hp)) < r.log.index(&Ev::Destroy(hs)));
    assert!(r.log.index(&Ev::Destroy(hs)) < r.log.index(&Ev::Leave("fclose")));
}
