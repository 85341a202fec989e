#include "app/context.hpp"

#include "core/json_body.hpp"

namespace dossier::app {

Result<boost::json::object> Context::jsonBody() const {
  return parseJsonObject(request_.body);
}

}  // namespace dossier::app
