#include "api/created_records.hpp"

#include <mutex>

namespace dossier::api {

namespace {

std::mutex mutex;
RecordCreator creator;

}  // namespace

void setRecordCreator(RecordCreator given) {
  std::lock_guard lock(mutex);
  creator = std::move(given);
}

Result<std::string> createRecordFor(environments::Environment& environment, const Session& session,
                                    const NewRecord& record) {
  RecordCreator current;
  {
    std::lock_guard lock(mutex);
    current = creator;
  }
  if (!current) {
    return Error::internal("records.no_creator", "no way to create records was set");
  }
  return current(environment, session, record);
}

}  // namespace dossier::api
