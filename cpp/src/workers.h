#pragma once
// Threads that run the parts of a job together with the thread that asks: the World's
// setPoses and pairs() split their loops into parts (one a thread) and run them here.
//
// The helper threads live as long as the Workers. Between jobs a helper first spins for a while
// (kSpinMicroseconds: a frame's jobs come a grid build apart, and waking a sleeping thread costs
// tens of microseconds, in WebAssembly through Atomics.wait and notify), then sleeps on a
// condition variable; the caller, having run its own part, spins until the helpers are done (their
// parts are about as long as its own). The caller runs parts too, so one thread means no helper at
// all, and a build without threads (WebAssembly without pthreads) has exactly that.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace sepaxis::detail {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAvailable = false;
#else
inline constexpr bool kThreadsAvailable = true;
#endif

class Workers {
 public:
  Workers() = default;
  ~Workers() { resize(1); }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  /// The threads that run a job's parts: the caller and threads - 1 helpers (started or stopped
  /// here). Where threads are missing, always 1.
  void resize(unsigned threads);
  unsigned threads() const { return kThreadsAvailable ? unsigned(helpers_.size()) + 1 : 1; }

  /// run(part) for every part 0 .. threads() - 1, part 0 on the calling thread and each other on
  /// a helper; returns when all are done. `run` must not throw.
  template <class F>
  void runParts(F& run) {
    // Without threads, the code for them is not compiled in (here and wherever threads() > 1
    // decides): the package's module without pthreads stays ~5 kB smaller gzipped.
    if constexpr (!kThreadsAvailable) return run(0u);
    if (helpers_.empty()) return run(0u);
    start([](void* f, unsigned part) { (*static_cast<F*>(f))(part); }, &run);
    run(0u);
    finish();
  }

  /// How long a helper spins for the next job before it sleeps.
  static constexpr int kSpinMicroseconds = 2000;

 private:
  using Task = void (*)(void*, unsigned);
  void start(Task task, void* context);
  void finish();
  void serve(unsigned part);

  std::vector<std::thread> helpers_;
  // The job: task_ and context_ are written before job_ is counted up (release), and read after
  // a helper sees the new count (acquire).
  Task task_ = nullptr;
  void* context_ = nullptr;
  std::atomic<uint64_t> job_{0};      ///< counts the jobs started: a helper runs each once
  std::atomic<unsigned> running_{0};  ///< helpers still in the current job
  std::atomic<bool> stop_{false};
  std::mutex mutex_;  ///< guards sleepers_ and the sleep on wake_
  std::condition_variable wake_;
  unsigned sleepers_ = 0;
};

}  // namespace sepaxis::detail
