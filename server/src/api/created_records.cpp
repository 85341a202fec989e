#include "api/created_records.hpp"

#include "core/late_bound.hpp"
#include "records/errors.hpp"

namespace dossier::api {

namespace {

LateBound<Result<std::string>(environments::Environment&, const Session&, const NewRecord&)>
    creator;

}  // namespace

void setRecordCreator(RecordCreator given) {
  creator.set(std::move(given));
}

Result<std::string> createRecordFor(environments::Environment& environment, const Session& session,
                                    const NewRecord& record) {
  const auto current = creator.get();
  if (!current) {
    return Error::of(records::errors::kNoCreator, "no way to create records was set");
  }
  return current(environment, session, record);
}

}  // namespace dossier::api
