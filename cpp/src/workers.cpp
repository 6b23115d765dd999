#include "workers.h"

namespace sepaxis::detail {

void Workers::resize(unsigned threads) {
  if (!kThreadsAvailable || threads < 1) threads = 1;
  if (threads == this->threads()) return;
  if (!helpers_.empty()) {  // stopped all, then started anew: resizing is rare
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : helpers_) t.join();
    helpers_.clear();
    stop_ = false;
  }
  helpers_.reserve(threads - 1);
  for (unsigned part = 1; part < threads; ++part) helpers_.emplace_back([this, part] { serve(part); });
}

void Workers::start(Task task, void* context) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = task, context_ = context;
    running_ = unsigned(helpers_.size());
    ++job_;
  }
  wake_.notify_all();
}

void Workers::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return running_ == 0; });
}

void Workers::serve(unsigned part) {
  uint64_t seen = 0;
  for (;;) {
    Task task;
    void* context;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || job_ != seen; });
      if (stop_) return;
      seen = job_, task = task_, context = context_;
    }
    task(context, part);
    bool last;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last = --running_ == 0;
    }
    if (last) done_.notify_one();
  }
}

}  // namespace sepaxis::detail
