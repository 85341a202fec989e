#pragma once

#include <string>

#include <boost/json/value.hpp>

#include "http/response.hpp"

namespace dossier::api {

http::Response jsonResponse(const boost::json::value& body, int status = 200);
// A body already written as JSON text (core/json_writer.hpp).
http::Response jsonTextResponse(std::string body, int status = 200);
http::Response noContent();

}  // namespace dossier::api
