//! Exported entry points of the C-variadic wrappers in shim.c (and, through the same macro,
//! of the ADIOS2 C++ wrappers in adios_cxx.c).
//!
//! A Rust cdylib exports only symbols defined in Rust, so each of these is a naked function
//! whose body is a single tail jump into the C wrapper: registers and stack (including the
//! variadic arguments and x86-64's %al vector count) reach the C function untouched.

macro_rules! trampolines {
    ($($name:ident => $target:ident),* $(,)?) => { $(
        extern "C" {
            fn $target();
        }
        #[unsafe(naked)]
        #[no_mangle]
        pub unsafe extern "C" fn $name() {
            #[cfg(target_arch = "x86_64")]
            core::arch::naked_asm!("jmp {0}", sym $target);
            #[cfg(target_arch = "aarch64")]
            core::arch::naked_asm!("b {0}", sym $target);
        }
    )* };
}
pub(crate) use trampolines;

trampolines! {
    printf => rotf2_c_printf,
    fprintf => rotf2_c_fprintf,
    vfprintf => rotf2_c_vfprintf,
    __printf_chk => rotf2_c_printf_chk,
    __fprintf_chk => rotf2_c_fprintf_chk,
    __vfprintf_chk => rotf2_c_vfprintf_chk,
    fscanf => rotf2_c_fscanf,
    __isoc99_fscanf => rotf2_c_isoc99_fscanf,
    execve => rotf2_c_execve,
    execvpe => rotf2_c_execvpe,
    execv => rotf2_c_execv,
    execvp => rotf2_c_execvp,
    fexecve => rotf2_c_fexecve,
    execl => rotf2_c_execl,
    execlp => rotf2_c_execlp,
    execle => rotf2_c_execle,
}
