/*
 * vfork for libreapcheck-preload.so (x86-64).
 *
 * A C wrapper cannot call the real vfork: the child returns through the
 * wrapper's frame, then reuses that stack memory (exec arguments, _exit),
 * and the suspended parent later returns through a frame the child has
 * overwritten.  So, like glibc's own vfork, this keeps the return address
 * in a register the kernel preserves for both (%rdi), not on the stack,
 * during the system call.  The child returns at once and runs no code of
 * ours.  The parent resumes only after the child has exec'd or exited, so
 * from then on the stack is the parent's alone and it may call into C to
 * record the start (reapcheckVforkParent takes the backtrace there).
 *
 * Not handled: the x86 shadow stack (CET), which glibc's vfork also
 * adjusts; Debian's glibc does not enable it.
 */
#include <sys/syscall.h>

        .text
        .globl  vfork
        .type   vfork, @function
        .p2align 4
vfork:
        .cfi_startproc
        popq    %rdi
        .cfi_adjust_cfa_offset -8
        .cfi_register %rip, %rdi
        movl    $SYS_vfork, %eax
        syscall
        pushq   %rdi
        .cfi_adjust_cfa_offset 8
        .cfi_rel_offset %rip, 0
        cmpq    $-4095, %rax
        jae     .Lerror
        testq   %rax, %rax
        jz      .Lchild
        /* Parent: record the start, keep the pid. */
        pushq   %rax
        .cfi_adjust_cfa_offset 8
        movl    %eax, %edi
        call    reapcheckVforkParent
        popq    %rax
        .cfi_adjust_cfa_offset -8
.Lchild:
        ret
.Lerror:
        negq    %rax
        movl    %eax, %edi
        subq    $8, %rsp
        .cfi_adjust_cfa_offset 8
        call    reapcheckSetErrno
        addq    $8, %rsp
        .cfi_adjust_cfa_offset -8
        movq    $-1, %rax
        ret
        .cfi_endproc
        .size   vfork, .-vfork

        .section .note.GNU-stack,"",@progbits
