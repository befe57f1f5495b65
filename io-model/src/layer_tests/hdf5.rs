//! HDF5 datasets: transfers on their file's handle, named, with their selection.

use super::{process, rec, run, Ev};
use definitions::{ATTR_DATASET, ATTR_SELECTION};

#[test]
fn dataset_write_with_a_selection() {
    let p = process(&[(1, "/data/grid.h5")], &[(5, "/grid/temp")], &[]);
    let records = [
        rec("H5Fcreate", 0, 10, 20, &[1, 0, 0, 0, 0, 0x100]),
        rec("H5Dopen2", 0, 30, 40, &[0x100, 5, 2, 20, 40, 0, 0x200]),
        rec("H5Dwrite", 0, 50, 90, &[0x200, 0, 0, 0, 0, 800, 0, 0]),
        rec("h5_selection", 1, 60, 60, &[2, 10, 20, 0, 40, 0, 0, 0]),
        rec("h5_hyperslab", 1, 70, 70, &[2, 1, 1, 20, 1, 1, 40, 0]),
        rec("H5Dclose", 0, 100, 110, &[0x200, 1, 0]),
        // A dataset the trace does not show opened: on a stand-in, counted.
        rec("H5Dwrite", 0, 120, 130, &[0x300, 0, 0, 0, 0, 8, 0, 0]),
        rec("H5Fclose", 0, 140, 150, &[0x100, 0, 0]),
    ];
    let r = run(&p, 0, &records);
    let [hf] = r.created()[..] else {
        panic!("one handle: {:?}", r.log.events)
    };
    assert_eq!(r.file_name(hf), "/data/grid.h5");
    let begins = r.log.begins();
    assert_eq!((begins[0].handle, begins[0].bytes), (hf, 800));
    let named = Ev::Attr(ATTR_DATASET, "/grid/temp".into());
    assert!(r.log.index(&named) < r.log.index(&Ev::Begin(begins[0])));
    let selection = "[10+20,0+40] count [1,1] stride [1,1] block [20,40]";
    let sel = r.log.index(&Ev::Attr(ATTR_SELECTION, selection.into()));
    let done = Ev::Complete {
        handle: hf,
        bytes: 800,
        id: begins[0].id,
    };
    assert_eq!(
        sel + 1,
        r.log.index(&done),
        "the selection is the Complete's"
    );
    assert_ne!(begins[1].handle, hf);
    assert_eq!(r.guessed, 1);
    assert!(r.log.events.contains(&Ev::Destroy(hf)));
}
