#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/errors.hpp"
#include "core/json_body.hpp"
#include "environments/environment.hpp"
#include "reports/report_filing.hpp"
#include "reports/report_service.hpp"
#include "reports/routes.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

// The report export requester (spec 2 §9): the constant the web app sends.
constexpr std::string_view kRequester = "reports";

Result<json::array> filtersOf(const json::object& body) {
  const auto* filters = body.if_contains("filters");
  if (filters == nullptr || filters->is_null()) {
    return json::array{};
  }
  if (!filters->is_array()) {
    return Error::of(core::errors::kInvalidField, "The field 'filters' must be a list.");
  }
  for (const auto& filter : filters->as_array()) {
    if (!filter.is_object()) {
      return Error::of(core::errors::kInvalidField, "Each of 'filters' must be an object.");
    }
  }
  return filters->as_array();
}

Result<int> whole(const json::object& body, std::string_view key, int fallback, int minimum,
                  int maximum) {
  const auto* value = body.if_contains(key);
  if (value == nullptr || value->is_null()) {
    return fallback;
  }
  if (!value->is_int64() || value->as_int64() < minimum || value->as_int64() > maximum) {
    return Error::of(core::errors::kInvalidField,
                     "The field '" + std::string(key) + "' must be a whole number from " +
                         std::to_string(minimum) + " to " + std::to_string(maximum) + ".");
  }
  return static_cast<int>(value->as_int64());
}

// A made file's token, and where the browser fetches it once (spec 2: "documentAccessToken").
http::Response fileAnswer(const environments::Environment& environment, const ExportedFile& file) {
  return api::jsonResponse(
      json::object{{"documentAccessToken", file.token},
                   {"url", "/api/" + environment.key() + "/documentdownload/" + file.token},
                   {"fileName", file.fileName},
                   {"rows", file.rows}});
}

Result<http::Response> list(api::Context& context) {
  return api::jsonResponse(
      json::object{{"reports", listReports(context.environment(), context.session())}});
}

Result<http::Response> one(api::Context& context) {
  auto data = reportData(context.environment(), context.session(), context.param("reportCode"));
  if (!data) {
    return std::move(data).error();
  }
  return api::jsonResponse(std::move(*data));
}

Result<http::Response> favourite(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto mark = boolField(*body, "favourite");
  if (!mark) {
    return std::move(mark).error();
  }
  if (auto kept = markFavourite(context.environment(), context.session(),
                                context.param("reportCode"), *mark);
      !kept) {
    return std::move(kept).error();
  }
  return api::noContent();
}

Result<http::Response> filterOptions(api::Context& context) {
  auto options =
      roleFilterOptions(context.environment(), context.session(), context.param("reportCode"),
                        context.param("filterId"),
                        context.request().queryValue("search").value_or("").substr(0, 200));
  if (!options) {
    return std::move(options).error();
  }
  return api::jsonResponse(json::object{{"options", std::move(*options)}});
}

Result<http::Response> view(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto code = stringField(*body, "reportCode");
  auto filters = filtersOf(*body);
  auto page = whole(*body, "page", 1, 1, 1'000'000);
  auto pageSize = whole(*body, "pageSize", 50, 1, 500);
  if (!code) {
    return std::move(code).error();
  }
  if (!filters) {
    return std::move(filters).error();
  }
  if (!page) {
    return std::move(page).error();
  }
  if (!pageSize) {
    return std::move(pageSize).error();
  }
  auto viewed = viewReport(context.environment(), context.session(),
                           {std::move(*code), std::move(*filters), *page, *pageSize});
  if (!viewed) {
    return std::move(viewed).error();
  }
  return api::jsonResponse(std::move(*viewed));
}

Result<http::Response> exportFile(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto code = stringField(*body, "reportCode");
  auto format = optionalStringField(*body, "format");
  auto requester = optionalStringField(*body, "requester");
  auto filters = filtersOf(*body);
  if (!code) {
    return std::move(code).error();
  }
  if (!format) {
    return std::move(format).error();
  }
  if (!requester) {
    return std::move(requester).error();
  }
  if (!filters) {
    return std::move(filters).error();
  }
  if (requester->has_value() && **requester != kRequester) {
    return Error::of(core::errors::kInvalidField, "The field 'requester' must be 'reports'.");
  }
  auto& environment = context.environment();
  auto exported = exportReport(environment, context.session(),
                               {std::move(*code), format->value_or(""), std::move(*filters)});
  if (!exported) {
    return std::move(exported).error();
  }
  if (exported->queued) {
    return api::jsonResponse(json::object{{"export", std::move(*exported->queued)}}, 202);
  }
  return fileAnswer(environment, *exported->file);
}

// POST /reports/file: the report as a PDF filed in a case, as its new document.
api::Handler fileInCase(const api::Services& services) {
  return [&services](api::Context& context) -> Result<http::Response> {
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    auto code = stringField(*body, "reportCode");
    auto caseNumber = optionalStringField(*body, "caseNumber");
    auto title = optionalStringField(*body, "title");
    auto filters = filtersOf(*body);
    if (!code) {
      return std::move(code).error();
    }
    if (!caseNumber) {
      return std::move(caseNumber).error();
    }
    if (!title) {
      return std::move(title).error();
    }
    if (!filters) {
      return std::move(filters).error();
    }
    auto filed = fileReport(
        context.environment(), services, context.session(),
        {std::move(*code), std::move(*filters), caseNumber->value_or(""), title->value_or("")});
    if (!filed) {
      return std::move(filed).error();
    }
    return api::jsonResponse(json::object{{"documentGuid", filed->documentGuid},
                                          {"caseNumber", filed->caseNumber},
                                          {"title", filed->title},
                                          {"fileName", filed->fileName},
                                          {"rows", filed->rows}},
                             201);
  };
}

Result<http::Response> exportList(api::Context& context) {
  return api::jsonResponse(
      json::object{{"exports", listExports(context.environment(), context.session())}});
}

Result<http::Response> exportOne(api::Context& context) {
  auto found = exportStatus(context.environment(), context.session(), context.param("exportId"));
  if (!found) {
    return std::move(found).error();
  }
  return api::jsonResponse(json::object{{"export", std::move(*found)}});
}

Result<http::Response> exportCancel(api::Context& context) {
  auto cancelled =
      cancelExport(context.environment(), context.session(), context.param("exportId"));
  if (!cancelled) {
    return std::move(cancelled).error();
  }
  return api::jsonResponse(json::object{{"export", std::move(*cancelled)}});
}

Result<http::Response> exportDownload(api::Context& context) {
  auto& environment = context.environment();
  auto file = fetchExport(environment, context.session(), context.param("exportId"));
  if (!file) {
    return std::move(file).error();
  }
  return fileAnswer(environment, *file);
}

}  // namespace

void registerReportRoutes(api::RouteTable& routes, const api::Services& services) {
  routes.add(
      {.method = "GET", .path = "/api/{env}/reports", .handler = list, .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/report",
              .handler = view,
              .bodyLimit = 64 * 1024,
              .work = api::Work::Heavy});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/export",
              .handler = exportFile,
              .bodyLimit = 64 * 1024,
              .work = api::Work::Heavy});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/file",
              .handler = fileInCase(services),
              .bodyLimit = 64 * 1024,
              .work = api::Work::Heavy});
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/exports",
              .handler = exportList,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/exports/{exportId}",
              .handler = exportOne,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/exports/{exportId}/cancel",
              .handler = exportCancel,
              .bodyLimit = 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/reports/exports/{exportId}/download",
              .handler = exportDownload,
              .bodyLimit = 1024});
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/{reportCode}",
              .handler = one,
              .work = api::Work::Quick});
  routes.add({.method = "PUT",
              .path = "/api/{env}/reports/{reportCode}/favourite",
              .handler = favourite,
              .bodyLimit = 1024});
  routes.add({.method = "GET",
              .path = "/api/{env}/reports/{reportCode}/filters/{filterId}/options",
              .handler = filterOptions});
}

}  // namespace dossier::reports
