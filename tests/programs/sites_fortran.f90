! Call sites through libgfortran (issue 29): Fortran I/O statements on known lines.
! Usage: sites_fortran DIR
! - the main program writes NLINES formatted records to DIR/text.out, each followed by
!   FLUSH: every FLUSH hands the one buffered record to write(2) once (the line marked
!   SITE:flush), nothing else of that unit reaches write(2) before the CLOSE;
! - subroutine write_blocks writes NBLOCKS unformatted stream records of BLOCK_BYTES bytes
!   each to DIR/data.bin; a record larger than libgfortran's buffer (128 KiB for
!   unformatted files) goes straight to write(2), once per WRITE (line SITE:stream).
! The program prints the counts it used, the same with and without the recorder.
module sites_io
  implicit none
  integer, parameter :: NLINES = 40, NBLOCKS = 6, BLOCK_INTS = 131072
  integer, parameter :: BLOCK_BYTES = 4 * BLOCK_INTS
contains
  subroutine write_blocks(path)
    character(len=*), intent(in) :: path
    integer :: u, k
    integer, allocatable :: block(:)
    allocate(block(BLOCK_INTS))
    block = 7
    open(newunit=u, file=path, status='replace', action='write', &
         form='unformatted', access='stream')
    do k = 1, NBLOCKS
      block(1) = k
      write(u) block ! SITE:stream
    end do
    close(u)
    deallocate(block)
  end subroutine write_blocks
end module sites_io

program sites_fortran
  use sites_io
  implicit none
  integer :: u, i
  character(len=4096) :: dir
  call get_command_argument(1, dir)
  open(newunit=u, file=trim(dir)//'/text.out', status='replace', action='write', &
       form='formatted')
  do i = 1, NLINES
    write(u, '(A,I6)') 'line', i
    flush(u) ! SITE:flush
  end do
  close(u)
  call write_blocks(trim(dir)//'/data.bin')
  print '(A,I0,A,I0,A,I0)', 'lines ', NLINES, ' blocks ', NBLOCKS, ' bytes ', BLOCK_BYTES
end program sites_fortran
