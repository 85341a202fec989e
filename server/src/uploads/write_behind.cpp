#include "uploads/write_behind.hpp"

#include <exception>

#include "uploads/errors.hpp"

namespace dossier::uploads {

WriteBehind::~WriteBehind() {
  std::map<std::string, std::future<Status>, std::less<>> writing;
  {
    std::lock_guard lock(mutex_);
    writing.swap(writing_);
  }
  for (auto& [id, done] : writing) {
    done.wait();
  }
}

namespace {

Status guarded(const std::function<Status()>& write) {
  try {
    return write();
  } catch (const std::exception& e) {
    return Error::of(errors::kWriteFailed, e.what());
  }
}

}  // namespace

void WriteBehind::start(std::string id, std::function<Status()> write) {
  std::future<Status> writing;
  if (underWay_.fetch_add(1) < mostAtOnce_) {
    writing = std::async(std::launch::async, [this, write = std::move(write)] {
      auto written = guarded(write);
      underWay_.fetch_sub(1);
      return written;
    });
  } else {
    underWay_.fetch_sub(1);
    std::promise<Status> now;
    now.set_value(guarded(write));
    writing = now.get_future();
  }
  std::lock_guard lock(mutex_);
  writing_.insert_or_assign(std::move(id), std::move(writing));
}

Status WriteBehind::settle(std::string_view id) {
  std::future<Status> writing;
  {
    std::lock_guard lock(mutex_);
    const auto found = writing_.find(id);
    if (found == writing_.end()) {
      return {};
    }
    writing = std::move(found->second);
    writing_.erase(found);
  }
  return writing.get();
}

}  // namespace dossier::uploads
