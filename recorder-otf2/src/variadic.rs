//! Exported entry points of the wrappers in shim.c: C-variadic functions and those taking a
//! va_list (which Rust cannot portably receive); through the same macro, of the ADIOS2 C++
//! wrappers in adios_cxx.c.
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
    vprintf => rotf2_c_vprintf,
    __vprintf_chk => rotf2_c_vprintf_chk,
    dprintf => rotf2_c_dprintf,
    vdprintf => rotf2_c_vdprintf,
    __dprintf_chk => rotf2_c_dprintf_chk,
    __vdprintf_chk => rotf2_c_vdprintf_chk,
    fscanf => rotf2_c_fscanf,
    __isoc99_fscanf => rotf2_c_isoc99_fscanf,
    __isoc23_fscanf => rotf2_c_isoc23_fscanf,
    scanf => rotf2_c_scanf,
    __isoc99_scanf => rotf2_c_isoc99_scanf,
    __isoc23_scanf => rotf2_c_isoc23_scanf,
    vscanf => rotf2_c_vscanf,
    __isoc99_vscanf => rotf2_c_isoc99_vscanf,
    __isoc23_vscanf => rotf2_c_isoc23_vscanf,
    vfscanf => rotf2_c_vfscanf,
    __isoc99_vfscanf => rotf2_c_isoc99_vfscanf,
    __isoc23_vfscanf => rotf2_c_isoc23_vfscanf,
    fwprintf => rotf2_c_fwprintf,
    vfwprintf => rotf2_c_vfwprintf,
    wprintf => rotf2_c_wprintf,
    vwprintf => rotf2_c_vwprintf,
    __fwprintf_chk => rotf2_c_fwprintf_chk,
    __vfwprintf_chk => rotf2_c_vfwprintf_chk,
    __wprintf_chk => rotf2_c_wprintf_chk,
    __vwprintf_chk => rotf2_c_vwprintf_chk,
    fwscanf => rotf2_c_fwscanf,
    __isoc99_fwscanf => rotf2_c_isoc99_fwscanf,
    __isoc23_fwscanf => rotf2_c_isoc23_fwscanf,
    wscanf => rotf2_c_wscanf,
    __isoc99_wscanf => rotf2_c_isoc99_wscanf,
    __isoc23_wscanf => rotf2_c_isoc23_wscanf,
    vwscanf => rotf2_c_vwscanf,
    __isoc99_vwscanf => rotf2_c_isoc99_vwscanf,
    __isoc23_vwscanf => rotf2_c_isoc23_vwscanf,
    vfwscanf => rotf2_c_vfwscanf,
    __isoc99_vfwscanf => rotf2_c_isoc99_vfwscanf,
    __isoc23_vfwscanf => rotf2_c_isoc23_vfwscanf,
    syscall => rotf2_c_syscall,
    execve => rotf2_c_execve,
    execvpe => rotf2_c_execvpe,
    execv => rotf2_c_execv,
    execvp => rotf2_c_execvp,
    fexecve => rotf2_c_fexecve,
    execl => rotf2_c_execl,
    execlp => rotf2_c_execlp,
    execle => rotf2_c_execle,
}
