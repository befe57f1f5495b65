! MPI-IO from Fortran (`use mpi`): Open MPI's Fortran bindings (mpi_file_write_at_ ...) call
! the C PMPI_File_* entry points directly, not MPI_File_*.
!
!   mpirun -np P mpi_io_f DIR
!
! DIR is the scratch directory. Every data call moves COUNT = 16 default integers = 64 bytes.
! fortran.dat is opened on MPI_COMM_WORLD, and the view set with displacement DISP = 100 bytes,
! etype and filetype MPI_INTEGER (offsets in integers: byte offset = 100 + offset*4). Rank r:
!   write_at   offset r*COUNT                       -> byte 100 + r*64
!   read_at    offset r*COUNT                       -> byte 100 + r*64
!   seek SET (P+r)*COUNT; write_all                 -> byte 100 + (P+r)*64
!   iwrite_at  offset (2*P+r)*COUNT, then MPI_Wait  -> byte 100 + (2*P+r)*64
! then MPI_File_sync, MPI_File_close, a barrier, and rank 0 deletes the file (size before the
! close: 100 + 3*P*64).
!
! Output: each rank's lines are gathered on rank 0 and printed in rank order:
!   op <function> rank=<r> bytes=64 offset=<absolute byte offset> coll=<0|1> nb=<0|1> file=fortran.dat
!   done MPI_File_iwrite_at rank=<r> by=MPI_Wait
!   info ... ; and last "failures: N" (exit status 1 when a check failed).
! Every MPI return code is checked: on error the program prints the call and MPI_Abort()s.
program mpi_io_f
  use mpi
  implicit none
  integer, parameter :: COUNT = 16, BLOCK = COUNT * 4, NL = 8, LL = 160
  integer(kind=MPI_OFFSET_KIND), parameter :: DISP = 100
  integer :: ierr, rank, nprocs, fh, req, i, nlines, failures, total, got, argl
  integer :: st(MPI_STATUS_SIZE)
  integer :: wb(COUNT), rb(COUNT)
  integer(kind=MPI_OFFSET_KIND) :: off, fsize
  character(len=4096) :: dir, path
  character(len=LL) :: lines(NL)
  character(len=LL), allocatable :: all(:)

  call MPI_Init(ierr)
  call ck(ierr, 'MPI_Init')
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call ck(ierr, 'MPI_Comm_rank')
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call ck(ierr, 'MPI_Comm_size')
  if (command_argument_count() < 1) then
    write (0, '(a)') 'usage: mpi_io_f DIR'
    call MPI_Abort(MPI_COMM_WORLD, 2, ierr)
  end if
  call get_command_argument(1, dir, argl)
  path = dir(1:argl) // '/fortran.dat'
  nlines = 0
  failures = 0
  lines = ' '

  call MPI_File_open(MPI_COMM_WORLD, trim(path), ior(MPI_MODE_CREATE, MPI_MODE_RDWR), &
                     MPI_INFO_NULL, fh, ierr)
  call ck(ierr, 'MPI_File_open')
  call MPI_File_set_view(fh, DISP, MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL, ierr)
  call ck(ierr, 'MPI_File_set_view')

  ! write_at / read_at at offset r*COUNT
  call fill(1)
  off = int(rank, MPI_OFFSET_KIND) * COUNT
  call MPI_File_write_at(fh, off, wb, COUNT, MPI_INTEGER, st, ierr)
  call ck(ierr, 'MPI_File_write_at')
  call check_count('write_at')
  call op('MPI_File_write_at', DISP + off * 4, 0, 0)
  rb = 0
  call MPI_File_read_at(fh, off, rb, COUNT, MPI_INTEGER, st, ierr)
  call ck(ierr, 'MPI_File_read_at')
  call check_count('read_at')
  if (any(rb /= wb)) call fail('read_at data')
  call op('MPI_File_read_at', DISP + off * 4, 0, 0)

  ! seek + write_all at offset (P+r)*COUNT
  call fill(2)
  off = int(nprocs + rank, MPI_OFFSET_KIND) * COUNT
  call MPI_File_seek(fh, off, MPI_SEEK_SET, ierr)
  call ck(ierr, 'MPI_File_seek')
  call MPI_File_write_all(fh, wb, COUNT, MPI_INTEGER, st, ierr)
  call ck(ierr, 'MPI_File_write_all')
  call check_count('write_all')
  call op('MPI_File_write_all', DISP + off * 4, 1, 0)

  ! iwrite_at at offset (2P+r)*COUNT, completed by MPI_Wait
  call fill(3)
  off = int(2 * nprocs + rank, MPI_OFFSET_KIND) * COUNT
  call MPI_File_iwrite_at(fh, off, wb, COUNT, MPI_INTEGER, req, ierr)
  call ck(ierr, 'MPI_File_iwrite_at')
  call op('MPI_File_iwrite_at', DISP + off * 4, 0, 1)
  call MPI_Wait(req, st, ierr)
  call ck(ierr, 'MPI_Wait')
  call check_count('iwrite_at')
  call add('done MPI_File_iwrite_at rank=' // itoa(rank) // ' by=MPI_Wait')

  call MPI_File_sync(fh, ierr)
  call ck(ierr, 'MPI_File_sync')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call ck(ierr, 'MPI_Barrier')
  call MPI_File_get_size(fh, fsize, ierr)
  call ck(ierr, 'MPI_File_get_size')
  call add('info rank=' // itoa(rank) // ' fortran.dat size=' // itoa8(fsize))
  if (fsize /= DISP + 3 * nprocs * BLOCK) call fail('size')
  call MPI_File_close(fh, ierr)
  call ck(ierr, 'MPI_File_close')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call ck(ierr, 'MPI_Barrier')
  if (rank == 0) then
    call MPI_File_delete(trim(path), MPI_INFO_NULL, ierr)
    call ck(ierr, 'MPI_File_delete')
  end if

  ! gather the lines on rank 0
  call add('info rank=' // itoa(rank) // ' failures=' // itoa(failures))
  allocate (all(NL * nprocs))
  call MPI_Gather(lines, NL * LL, MPI_CHARACTER, all, NL * LL, MPI_CHARACTER, 0, &
                  MPI_COMM_WORLD, ierr)
  call ck(ierr, 'MPI_Gather')
  call MPI_Allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call ck(ierr, 'MPI_Allreduce')
  if (rank == 0) then
    do i = 1, NL * nprocs
      if (len_trim(all(i)) > 0) write (*, '(a)') trim(all(i))
    end do
    write (*, '(a)') 'failures: ' // itoa(total)
    flush (6)
  end if
  call MPI_Finalize(ierr)
  call ck(ierr, 'MPI_Finalize')
  if (total /= 0) stop 1

contains

  subroutine ck(code, what)
    integer, intent(in) :: code
    character(len=*), intent(in) :: what
    character(len=MPI_MAX_ERROR_STRING) :: msg
    integer :: l, e
    if (code /= MPI_SUCCESS) then
      call MPI_Error_string(code, msg, l, e)
      write (0, '(a,i0,a)') 'mpi_io_f: rank ', rank, ': ' // what // ' failed: ' // msg(1:l)
      call MPI_Abort(MPI_COMM_WORLD, 1, e)
    end if
  end subroutine ck

  subroutine fill(k)
    integer, intent(in) :: k
    integer :: j
    do j = 1, COUNT
      wb(j) = k * 1000000 + rank * 1000 + j - 1
    end do
  end subroutine fill

  subroutine add(s)
    character(len=*), intent(in) :: s
    if (nlines >= NL) then
      write (0, '(a)') 'mpi_io_f: too many output lines'
      call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
    end if
    nlines = nlines + 1
    lines(nlines) = s
  end subroutine add

  subroutine fail(what)
    character(len=*), intent(in) :: what
    failures = failures + 1
    call add('info rank=' // itoa(rank) // ' FAILED ' // what)
  end subroutine fail

  subroutine check_count(what)
    character(len=*), intent(in) :: what
    integer :: e
    call MPI_Get_count(st, MPI_BYTE, got, e)
    call ck(e, 'MPI_Get_count')
    if (got /= BLOCK) call fail(what // ' count')
  end subroutine check_count

  subroutine op(fn, byte_off, coll, nb)
    character(len=*), intent(in) :: fn
    integer(kind=MPI_OFFSET_KIND), intent(in) :: byte_off
    integer, intent(in) :: coll, nb
    call add('op ' // fn // ' rank=' // itoa(rank) // ' bytes=' // itoa(BLOCK) // &
             ' offset=' // itoa8(byte_off) // ' coll=' // itoa(coll) // ' nb=' // itoa(nb) // &
             ' file=fortran.dat')
  end subroutine op

  function itoa(v) result(s)
    integer, intent(in) :: v
    character(len=:), allocatable :: s
    character(len=24) :: b
    write (b, '(i0)') v
    s = trim(b)
  end function itoa

  function itoa8(v) result(s)
    integer(kind=MPI_OFFSET_KIND), intent(in) :: v
    character(len=:), allocatable :: s
    character(len=24) :: b
    write (b, '(i0)') v
    s = trim(b)
  end function itoa8

end program mpi_io_f
