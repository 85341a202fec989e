#include <cmath>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_writer.hpp"
#include "core/stopwatch.hpp"
#include "core/text.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "index/search_index.hpp"
#include "records/macro_choices.hpp"
#include "search/errors.hpp"
#include "search/routes.hpp"
#include "search/search_metrics.hpp"
#include "search/search_request.hpp"
#include "search/search_service.hpp"
#include "types/entity_type.hpp"

namespace dossier::search {

namespace json = boost::json;
using index::lastTypedWord;
using index::parseSearchText;
using index::SearchHit;
using types::EntityKind;

namespace {

// Suggestions offered under the search box.
constexpr std::size_t kSuggestions = 8;

// One hit of the answer, written straight into its text: its fields as they were kept, written
// once (index::HitFields), rather than a tree of values copied for each search.
void writeResult(JsonWriter& out, const SearchHit& hit, const types::Catalog& catalog) {
  const bool document = hit.kind == "document";
  const auto kind = hit.kind == "case" ? EntityKind::Case : EntityKind::Person;
  const auto* type = document ? nullptr : catalog.find(kind, hit.typeRef);
  out.beginObject();
  out.key("entity");
  out.string(document ? "Document" : kind == EntityKind::Case ? "Case" : "Person");
  out.key("entityIdentifier");
  out.string(hit.identifier);
  out.key("entityType");
  out.string(hit.typeRef);
  out.key("entityTypeName");
  out.string(document ? "Document" : type != nullptr ? type->name : hit.typeRef);
  out.key("searchFields");
  out.raw(hit.searchFields->json);
  out.key("extracts");
  out.beginArray();
  for (const auto& extract : hit.extracts) {
    out.string(extract);
  }
  out.endArray();
  out.key("relevance");
  out.number(std::round(hit.relevance * 10000) / 10000);
  out.key("actionGuid");
  out.string(hit.guid);
  if (document) {
    out.key("ExtRefFilename");
    out.string(hit.fileName);
    out.key("caseNumber");
    out.string(hit.caseNumber);
  }
  out.endObject();
}

// A macro search answers the question a macro asked of this session, among the types it offered:
// the chosen ones that it offered, or all it offered when none of those is chosen.
Status keepToTheMacrosQuestion(api::Context& context, SearchBody& request) {
  const auto ended = Error::of(
      errors::kMacroEnded,
      "The macro is no longer waiting for this choice: it was made, or its task was cancelled. "
      "Go back to the record.");
  if (request.macroExecutionCorrelationId.empty()) {
    return ended;
  }
  auto choice = records::findMacroChoice(*context.environment().db().acquire(),
                                         request.macroExecutionCorrelationId);
  if (!choice || choice->sessionId != context.session().sessionId) {
    return ended;
  }
  const auto* codes = choice->request.if_contains("entityCodes");
  if (codes == nullptr || !codes->is_array() || codes->get_array().empty()) {
    return {};
  }
  std::vector<EntityChoice> offered;
  for (const auto& code : codes->get_array()) {
    if (code.is_string()) {
      offered.push_back({std::string(code.get_string()), ""});
    }
  }
  std::vector<EntityChoice> kept;
  for (const auto& chosen : request.entities) {
    for (const auto& each : offered) {
      if (equalsIgnoringCase(chosen.entity, each.entity)) {
        kept.push_back(each);
      }
    }
  }
  request.entities = kept.empty() ? std::move(offered) : std::move(kept);
  return {};
}

api::Handler searchHandler(bool macro) {
  return [macro](api::Context& context) -> Result<http::Response> {
    Stopwatch stopwatch;
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    auto request = readSearchBody(*body);
    if (!request) {
      return std::move(request).error();
    }
    if (macro) {
      if (auto kept = keepToTheMacrosQuestion(context, *request); !kept) {
        return std::move(kept).error();
      }
    }
    auto answer = runSearch(context.environment(), context.session(), *request);
    if (!answer) {
      return std::move(answer).error();
    }
    SearchStages stages;
    stages.index = answer->found.timings;
    stages.prepare = stopwatch.lap() - stages.index.restrictions - stages.index.match -
                     stages.index.hits - stages.index.otherStatus;
    const auto& catalog = context.environment().catalog();
    std::string text;
    text.reserve(1024 + answer->found.hits.size() * 1024);
    JsonWriter out(text);
    out.beginObject();
    out.key("searchResult");
    out.beginArray();
    for (const auto& hit : answer->found.hits) {
      writeResult(out, hit, catalog);
    }
    out.endArray();
    out.key("searchTerms");
    out.beginArray();
    for (const auto& term : answer->terms) {
      out.string(term);
    }
    out.endArray();
    out.key("pageSize");
    out.number(static_cast<long long>(answer->pageSize));
    out.key("page");
    out.number(static_cast<long long>(answer->page));
    out.key("totalCount");
    out.number(static_cast<long long>(answer->found.total));
    out.key("totalIsExact");
    out.boolean(answer->found.totalIsExact);
    out.key("otherStatusCount");
    out.number(static_cast<long long>(answer->found.otherStatusCount));
    if (macro) {
      out.key("macroExecutionCorrelationId");
      out.string(request->macroExecutionCorrelationId);
    }
    out.endObject();
    auto written = api::jsonTextResponse(std::move(text));
    stages.answer = stopwatch.lap();
    noteSearchStages(stages);
    return written;
  };
}

Result<http::Response> suggest(api::Context& context) {
  const auto typed = context.request().queryValue("searchString").value_or("");
  auto text = parseSearchText(typed);
  if (!text) {
    return std::move(text).error();
  }
  auto* index = context.environment().index();
  if (index == nullptr) {
    return searchUnavailable();
  }
  const auto& catalog = context.environment().catalog();
  auto types =
      searchableTypes(catalog, context.session().username,
                      choicesFromText(context.request().queryValue("searchEntity").value_or("")));
  if (!types) {
    return std::move(types).error();
  }
  const auto [before, word] = lastTypedWord(typed);
  json::array items;
  if (!word.empty() && word.front() != '-') {
    auto words = index->suggest(word, *types, kSuggestions);
    if (!words) {
      return std::move(words).error();
    }
    for (const auto& completion : *words) {
      items.push_back(json::object{{"text", before + completion}});
    }
  }
  return api::jsonResponse(json::object{{"suggestItems", std::move(items)}});
}

}  // namespace

void registerSearchRoutes(api::RouteTable& routes) {
  routes.add({.method = "POST",
              .path = "/api/{env}/search",
              .handler = searchHandler(false),
              .bodyLimit = 64 * 1024,
              .work = api::Work::Search});
  routes.add({.method = "POST",
              .path = "/api/{env}/macroSearch",
              .handler = searchHandler(true),
              .bodyLimit = 64 * 1024,
              .work = api::Work::Search});
  routes.add({.method = "GET", .path = "/api/{env}/search/SearchSuggest", .handler = suggest});
}

}  // namespace dossier::search
