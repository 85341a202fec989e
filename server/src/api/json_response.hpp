#pragma once

#include <boost/json/value.hpp>

#include "http/response.hpp"

namespace dossier::api {

http::Response jsonResponse(const boost::json::value& body, int status = 200);
http::Response noContent();

}  // namespace dossier::api
