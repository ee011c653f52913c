//! A global allocator for the allocation tests: the system allocator, counting the
//! allocations (and reallocations) that a thread makes while it has switched counting on.
//! A test binary installs it with
//! `#[global_allocator] static ALLOCATOR: counting::Counting = counting::Counting;`.
//! `KOAN_ALLOC_TRACE=N` prints where the N-th allocation of a count was made (any other
//! value: the first).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The counting allocator.
pub struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
    /// The allocation to trace (0: none).
    static TRACE: Cell<usize> = const { Cell::new(0) };
}

fn note() {
    // `try_with`: a thread being torn down has no thread-locals left, and counts nothing.
    let _ = COUNTING.try_with(|on| {
        if !on.get() {
            return;
        }
        let count = COUNT.try_with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        if count.is_ok() && TRACE.try_with(Cell::get) == count {
            // Counting off meanwhile: the trace allocates.
            on.set(false);
            eprintln!(
                "allocation {}:\n{}",
                count.unwrap_or(0),
                std::backtrace::Backtrace::force_capture()
            );
            on.set(true);
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The allocations `f` makes on this thread.
pub fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(0));
    let trace = std::env::var("KOAN_ALLOC_TRACE").ok();
    TRACE.with(|t| t.set(trace.map_or(0, |n| n.parse().unwrap_or(1))));
    COUNTING.with(|on| on.set(true));
    f();
    COUNTING.with(|on| on.set(false));
    COUNT.with(|c| c.get())
}
