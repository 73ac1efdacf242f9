package gpu

import "runtime"

// Thread runs functions on one locked OS thread: OpenGL contexts belong to a
// thread, and Go moves goroutines between threads. The thread that calls
// Serve is the GL thread; any goroutine may call Do.
type Thread struct{ work chan func() }

// NewThread returns a thread that does nothing until Serve is called.
func NewThread() *Thread { return &Thread{work: make(chan func())} }

// Serve locks the calling goroutine to its OS thread, starts body on another
// goroutine and runs the functions passed to Do until body returns.
func (t *Thread) Serve(body func() int) int {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	done := make(chan int)
	go func() { done <- body() }()
	for {
		select {
		case f := <-t.work:
			f()
		case code := <-done:
			return code
		}
	}
}

// Do runs f on the GL thread and waits for it.
func (t *Thread) Do(f func()) {
	done := make(chan struct{})
	t.work <- func() { defer close(done); f() }
	<-done
}
