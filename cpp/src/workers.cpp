#include "workers.h"

#include <chrono>

namespace sepaxis::detail {

void Workers::resize(unsigned threads) {
  if constexpr (!kThreadsAvailable) return;
  if (threads < 1) threads = 1;
  if (threads == this->threads()) return;
  if (!helpers_.empty()) {  // stopped all, then started anew: resizing is rare
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_.store(true);
    }
    wake_.notify_all();
    for (std::thread& t : helpers_) t.join();
    helpers_.clear();
    stop_.store(false);
  }
  helpers_.reserve(threads - 1);
  for (unsigned part = 1; part < threads; ++part) helpers_.emplace_back([this, part] { serve(part); });
}

void Workers::start(Task task, void* context) {
  task_ = task, context_ = context;
  running_.store(unsigned(helpers_.size()), std::memory_order_relaxed);
  job_.fetch_add(1, std::memory_order_release);
  // A helper about to sleep checks job_ under the lock: either it sees the new job, or it sleeps
  // before this looks and is woken.
  std::lock_guard<std::mutex> lock(mutex_);
  if (sleepers_ > 0) wake_.notify_all();
}

void Workers::finish() {
  while (running_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
}

void Workers::serve(unsigned part) {
  uint64_t seen = 0;
  auto ready = [&] { return stop_.load(std::memory_order_acquire) || job_.load(std::memory_order_acquire) != seen; };
  for (;;) {
    // Spin first (a frame's next job comes soon), then sleep.
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(kSpinMicroseconds);
    for (int i = 1; !ready(); ++i) {
      if (i % 256 != 0) continue;
      if (std::chrono::steady_clock::now() < until) continue;
      std::unique_lock<std::mutex> lock(mutex_);
      ++sleepers_;
      wake_.wait(lock, ready);
      --sleepers_;
      break;
    }
    if (stop_.load(std::memory_order_acquire)) return;
    seen = job_.load(std::memory_order_acquire);
    task_(context_, part);
    running_.fetch_sub(1, std::memory_order_release);
  }
}

}  // namespace sepaxis::detail
