#include "api/changed_meanwhile.hpp"

namespace dossier::api {

Error changedMeanwhile(const ErrorCode& code, std::string_view noun, const std::string& by,
                       const std::string& at) {
  return std::move(Error::of(code, "This " + std::string(noun) + " was changed by " + by + " at " +
                                       at +
                                       " after you opened it. Reload it to see "
                                       "their changes."))
      .withDetail("changedBy", by)
      .withDetail("changedAt", at);
}

}  // namespace dossier::api
