#include "api/json_response.hpp"

#include <boost/json/serialize.hpp>

namespace dossier::api {

http::Response jsonResponse(const boost::json::value& body, int status) {
  return jsonTextResponse(boost::json::serialize(body), status);
}

http::Response jsonTextResponse(std::string body, int status) {
  return http::textResponse(status, "application/json; charset=utf-8", std::move(body));
}

http::Response noContent() {
  http::Response response;
  response.status = 204;
  return response;
}

}  // namespace dossier::api
