//! OTF2 locking callbacks (`OTF2_Archive_SetLockingCallbacks`) over `std::sync`: with them
//! an archive may hand out, close and write event writers from several threads at once
//! (one thread per writer at a time). OTF2 locks only its archive-wide state (the list of
//! writers, files being opened and closed), never per event, and needs neither recursive
//! nor nested locks.

use std::ffi::c_void;
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::ffi;

/// One OTF2 lock: a flag guarded by a mutex, and a condition variable to wait for it.
/// (OTF2 calls lock and unlock as two functions, so a `MutexGuard` cannot be held across.)
#[derive(Default)]
struct Lock {
    held: Mutex<bool>,
    freed: Condvar,
}

impl Lock {
    /// The flag's guard, also after a panic elsewhere poisoned it (the flag stays valid).
    fn flag(&self) -> MutexGuard<'_, bool> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn acquire(&self) {
        let mut held = self.flag();
        while *held {
            held = self.freed.wait(held).unwrap_or_else(|e| e.into_inner());
        }
        *held = true;
    }

    fn release(&self) {
        *self.flag() = false;
        self.freed.notify_one();
    }
}

const SUCCESS: ffi::OTF2_CallbackCode = ffi::OTF2_CALLBACK_SUCCESS;
const ERROR: ffi::OTF2_CallbackCode = ffi::OTF2_CALLBACK_ERROR;

unsafe extern "C" fn create(
    _user: *mut c_void,
    lock: *mut ffi::OTF2_Lock,
) -> ffi::OTF2_CallbackCode {
    if lock.is_null() {
        return ERROR;
    }
    // SAFETY: OTF2 passes a writable slot; the box is freed by `destroy`.
    unsafe { *lock = Box::into_raw(Box::<Lock>::default()) as ffi::OTF2_Lock };
    SUCCESS
}

unsafe extern "C" fn destroy(_user: *mut c_void, lock: ffi::OTF2_Lock) -> ffi::OTF2_CallbackCode {
    if lock.is_null() {
        return ERROR;
    }
    // SAFETY: made by `create`; OTF2 destroys each lock once, when no thread holds it.
    drop(unsafe { Box::from_raw(lock as *mut Lock) });
    SUCCESS
}

unsafe extern "C" fn lock(_user: *mut c_void, lock: ffi::OTF2_Lock) -> ffi::OTF2_CallbackCode {
    // SAFETY: made by `create`, alive until `destroy`.
    match unsafe { (lock as *const Lock).as_ref() } {
        Some(l) => {
            l.acquire();
            SUCCESS
        }
        None => ERROR,
    }
}

unsafe extern "C" fn unlock(_user: *mut c_void, lock: ffi::OTF2_Lock) -> ffi::OTF2_CallbackCode {
    // SAFETY: as in `lock`.
    match unsafe { (lock as *const Lock).as_ref() } {
        Some(l) => {
            l.release();
            SUCCESS
        }
        None => ERROR,
    }
}

/// The callbacks table; OTF2 keeps the pointer, so it is 'static.
pub(crate) static LOCKING_CALLBACKS: ffi::OTF2_LockingCallbacks = ffi::OTF2_LockingCallbacks {
    otf2_release: None,
    otf2_create: Some(create),
    otf2_destroy: Some(destroy),
    otf2_lock: Some(lock),
    otf2_unlock: Some(unlock),
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn the_lock_excludes_other_threads() {
        let mut raw: ffi::OTF2_Lock = std::ptr::null_mut();
        // SAFETY: the callbacks as OTF2 calls them.
        unsafe { assert_eq!(create(std::ptr::null_mut(), &mut raw), SUCCESS) };
        let inside = AtomicU32::new(0);
        let addr = raw as usize;
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..1000 {
                        let l = addr as ffi::OTF2_Lock;
                        // SAFETY: a live lock made above.
                        unsafe { lock(std::ptr::null_mut(), l) };
                        assert_eq!(inside.fetch_add(1, Ordering::SeqCst), 0);
                        inside.fetch_sub(1, Ordering::SeqCst);
                        unsafe { unlock(std::ptr::null_mut(), l) };
                    }
                });
            }
        });
        // SAFETY: no thread holds it any more.
        unsafe { assert_eq!(destroy(std::ptr::null_mut(), raw), SUCCESS) };
    }
}
