#include "sandbox/macro_messages.hpp"

#include <algorithm>
#include <array>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "sandbox/errors.hpp"

namespace dossier::sandbox {

namespace json = boost::json;

namespace {

// A message that is not what it says it is: what is wrong with it.
struct Malformed {
  std::string what;
};

const json::value& field(const json::object& object, std::string_view key) {
  const auto* found = object.if_contains(key);
  if (found == nullptr) {
    throw Malformed{"it has no " + std::string(key)};
  }
  return *found;
}

std::string text(const json::object& object, std::string_view key, std::size_t most = 0) {
  const auto& value = field(object, key);
  if (!value.is_string()) {
    throw Malformed{std::string(key) + " is not a text"};
  }
  if (most != 0 && value.get_string().size() > most) {
    throw Malformed{std::string(key) + " is longer than " + std::to_string(most) + " bytes"};
  }
  return std::string(value.get_string());
}

std::optional<std::string> optionalText(const json::object& object, std::string_view key) {
  if (!object.contains(key) || object.at(key).is_null()) {
    return std::nullopt;
  }
  return text(object, key);
}

bool flag(const json::object& object, std::string_view key) {
  const auto& value = field(object, key);
  if (!value.is_bool()) {
    throw Malformed{std::string(key) + " is not true or false"};
  }
  return value.get_bool();
}

std::int64_t number(const json::object& object, std::string_view key) {
  const auto& value = field(object, key);
  if (value.is_int64()) {
    return value.get_int64();
  }
  if (value.is_uint64() && value.get_uint64() <= static_cast<std::uint64_t>(INT64_MAX)) {
    return static_cast<std::int64_t>(value.get_uint64());
  }
  throw Malformed{std::string(key) + " is not a whole number"};
}

const json::object& objectOf(const json::value& value, std::string_view what) {
  if (!value.is_object()) {
    throw Malformed{std::string(what) + " is not an object"};
  }
  return value.get_object();
}

// The array at key, of at most `most` items.
const json::array& list(const json::object& object, std::string_view key, std::size_t most) {
  const auto& value = field(object, key);
  if (!value.is_array()) {
    throw Malformed{std::string(key) + " is not a list"};
  }
  if (value.get_array().size() > most) {
    throw Malformed{std::string(key) + " has more than " + std::to_string(most) + " items"};
  }
  return value.get_array();
}

std::vector<std::string> texts(const json::object& object, std::string_view key, std::size_t most) {
  std::vector<std::string> out;
  for (const auto& each : list(object, key, most)) {
    if (!each.is_string()) {
      throw Malformed{std::string(key) + " holds something that is not a text"};
    }
    out.emplace_back(each.get_string());
  }
  return out;
}

void oneOf(const std::string& value, std::initializer_list<std::string_view> allowed,
           std::string_view what) {
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    throw Malformed{std::string(what) + " '" + value.substr(0, 40) + "' is not one a macro gives"};
  }
}

json::array noticesJson(const std::vector<MacroNotice>& notices) {
  json::array out;
  for (const auto& notice : notices) {
    out.push_back(json::object{
        {"type", notice.type}, {"message", notice.message}, {"seconds", notice.seconds}});
  }
  return out;
}

std::vector<MacroNotice> readNotices(const json::object& outcome, std::string_view key) {
  std::vector<MacroNotice> notices;
  for (const auto& each : list(outcome, key, kMostNotices)) {
    const auto& notice = objectOf(each, key);
    MacroNotice read{text(notice, "type"), text(notice, "message"),
                     static_cast<int>(number(notice, "seconds"))};
    oneOf(read.type, {"success", "warning", "info", "error"}, "a notice's type");
    if (read.seconds < 0 || read.seconds > 3600) {
      throw Malformed{"a notice shows for 0 to 3600 seconds"};
    }
    notices.push_back(std::move(read));
  }
  return notices;
}

json::object outcomeJson(const MacroOutcome& outcome) {
  json::object out;
  out["changes"] = outcome.changes;
  json::object fieldErrors;
  for (const auto& [id, message] : outcome.fieldErrors) {
    fieldErrors[id] = message;
  }
  out["fieldErrors"] = std::move(fieldErrors);
  if (outcome.refusal) {
    out["refusal"] = *outcome.refusal;
  }
  out["notifications"] = noticesJson(outcome.notifications);
  out["alerts"] = noticesJson(outcome.alerts);
  if (outcome.search) {
    const auto& search = *outcome.search;
    out["search"] = json::object{
        {"entityCodes", json::array(search.entityCodes.begin(), search.entityCodes.end())},
        {"entityType", search.entityType},
        {"allowNew", search.allowNew},
        {"includeDeregisteredObsolete", search.includeDeregisteredObsolete},
        {"defaultUserSearch", search.defaultUserSearch},
        {"prompt", search.prompt}};
  }
  json::array links;
  for (const auto& link : outcome.links) {
    links.push_back(json::object{
        {"roleCode", link.roleCode}, {"entity", link.entity}, {"identifier", link.identifier}});
  }
  out["links"] = std::move(links);
  json::array comments;
  for (const auto& comment : outcome.comments) {
    comments.push_back(json::object{
        {"entity", comment.entity}, {"identifier", comment.identifier}, {"text", comment.text}});
  }
  out["comments"] = std::move(comments);
  json::array records;
  for (const auto& record : outcome.records) {
    records.push_back(json::object{{"entity", record.entity},
                                   {"typeRef", record.typeRef},
                                   {"values", record.values},
                                   {"roleCode", record.roleCode}});
  }
  out["records"] = std::move(records);
  json::array documents;
  for (const auto& document : outcome.documents) {
    documents.push_back(json::object{
        {"title", document.title}, {"fileName", document.fileName}, {"text", document.text}});
  }
  out["documents"] = std::move(documents);
  return out;
}

MacroOutcome readOutcome(const json::object& outcome) {
  MacroOutcome read;
  read.changes = objectOf(field(outcome, "changes"), "changes");
  for (const auto& [id, message] : objectOf(field(outcome, "fieldErrors"), "fieldErrors")) {
    if (!message.is_string()) {
      throw Malformed{"a field message is not a text"};
    }
    read.fieldErrors[std::string(id)] = std::string(message.get_string());
  }
  read.refusal = optionalText(outcome, "refusal");
  read.notifications = readNotices(outcome, "notifications");
  read.alerts = readNotices(outcome, "alerts");
  if (const auto* search = outcome.if_contains("search"); search != nullptr && !search->is_null()) {
    const auto& asked = objectOf(*search, "search");
    auto& request = read.search.emplace();
    request.entityCodes = texts(asked, "entityCodes", kMostEffects);
    request.entityType = text(asked, "entityType");
    oneOf(request.entityType, {"Case", "Person", "All"}, "a macro search's entityType");
    request.allowNew = flag(asked, "allowNew");
    request.includeDeregisteredObsolete = flag(asked, "includeDeregisteredObsolete");
    request.defaultUserSearch = text(asked, "defaultUserSearch", 200);
    request.prompt = text(asked, "prompt", 200);
  }
  for (const auto& each : list(outcome, "links", kMostEffects)) {
    const auto& link = objectOf(each, "a link");
    read.links.push_back({text(link, "roleCode"), text(link, "entity"), text(link, "identifier")});
    oneOf(read.links.back().entity, {"Case", "Person"}, "a link's entity");
  }
  for (const auto& each : list(outcome, "comments", kMostEffects)) {
    const auto& comment = objectOf(each, "a comment");
    read.comments.push_back(
        {text(comment, "entity"), text(comment, "identifier"), text(comment, "text", 4000)});
    oneOf(read.comments.back().entity, {"", "Case", "Person"}, "a comment's entity");
  }
  for (const auto& each : list(outcome, "records", kMostCreated)) {
    const auto& record = objectOf(each, "a record");
    read.records.push_back({text(record, "entity"), text(record, "typeRef"),
                            objectOf(field(record, "values"), "a record's values"),
                            text(record, "roleCode")});
    oneOf(read.records.back().entity, {"Case", "Person"}, "a record's entity");
  }
  for (const auto& each : list(outcome, "documents", kMostCreated)) {
    const auto& document = objectOf(each, "a document");
    read.documents.push_back({text(document, "title"), text(document, "fileName"),
                              text(document, "text", kMostDocumentBytes)});
  }
  return read;
}

}  // namespace

std::string framed(const json::object& message) {
  const auto body = json::serialize(message);
  const auto length = static_cast<std::uint32_t>(body.size());
  std::string out;
  out.reserve(kFrameHeaderBytes + body.size());
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((length >> shift) & 0xFF));
  }
  out += body;
  return out;
}

std::size_t frameLength(const unsigned char (&header)[kFrameHeaderBytes]) {
  std::size_t length = 0;
  for (const unsigned char byte : header) {
    length = (length << 8) | byte;
  }
  return length;
}

std::optional<json::object> parseMessage(std::string_view text) {
  json::parse_options options;
  // A macro's values nest as deep as toJson lets them (20), inside the message's own objects.
  options.max_depth = 64;
  options.allow_invalid_utf8 = true;
  boost::system::error_code ec;
  auto value = json::parse(text, ec, {}, options);
  if (ec || !value.is_object()) {
    return std::nullopt;
  }
  return std::move(value.get_object());
}

std::string_view kindOf(const json::object& message) {
  const auto* kind = message.if_contains("kind");
  return kind != nullptr && kind->is_string() ? std::string_view(kind->get_string())
                                              : std::string_view();
}

json::object runMessage(std::string_view chunkName, std::string_view source,
                        const MacroInput& input, const Limits& limits) {
  return {{"kind", "run"},
          {"chunkName", chunkName},
          {"source", source},
          {"event", input.event},
          {"values", input.values},
          {"user", input.user},
          {"isNew", input.isNew},
          {"identifier", input.identifier},
          {"picks", json::array(input.picks.begin(), input.picks.end())},
          {"instructions", limits.instructions},
          {"wallClockMilliseconds", limits.wallClock.count()},
          {"memoryBytes", limits.memoryBytes},
          {"callDepth", limits.callDepth}};
}

std::optional<RunRequest> readRunMessage(const json::object& message) {
  try {
    if (kindOf(message) != "run") {
      return std::nullopt;
    }
    RunRequest request;
    request.chunkName = text(message, "chunkName");
    request.source = text(message, "source");
    request.input.event = text(message, "event");
    request.input.values = objectOf(field(message, "values"), "values");
    request.input.user = text(message, "user");
    request.input.isNew = flag(message, "isNew");
    request.input.identifier = text(message, "identifier");
    const auto& picks = field(message, "picks");
    if (!picks.is_array()) {
      return std::nullopt;
    }
    request.input.picks.assign(picks.get_array().begin(), picks.get_array().end());
    request.limits.instructions = static_cast<std::uint64_t>(number(message, "instructions"));
    request.limits.wallClock = std::chrono::milliseconds(number(message, "wallClockMilliseconds"));
    request.limits.memoryBytes = static_cast<std::size_t>(number(message, "memoryBytes"));
    request.limits.callDepth = static_cast<int>(number(message, "callDepth"));
    return request;
  } catch (const Malformed&) {
    return std::nullopt;
  }
}

json::object searchMessage(std::string_view text, const std::vector<std::string>& types,
                           std::size_t limit) {
  return {{"kind", "search"},
          {"text", text},
          {"types", json::array(types.begin(), types.end())},
          {"limit", limit}};
}

json::object linkedMessage(std::string_view roleCode) {
  return {{"kind", "linked"}, {"role", roleCode}};
}

json::object foundMessage(json::array records) {
  return {{"kind", "found"}, {"records", std::move(records)}};
}

json::object printMessage(std::string_view text) {
  return {{"kind", "print"}, {"text", text}};
}

std::optional<std::string> readPrintMessage(const json::object& message) {
  const auto* text = message.if_contains("text");
  if (kindOf(message) != "print" || text == nullptr || !text->is_string()) {
    return std::nullopt;
  }
  return std::string(text->get_string());
}

json::array readFoundMessage(const json::object& message) {
  const auto* records = message.if_contains("records");
  return kindOf(message) == "found" && records != nullptr && records->is_array()
             ? records->get_array()
             : json::array();
}

Result<HostCall> readHostCall(const json::object& message) {
  try {
    HostCall call;
    const auto kind = kindOf(message);
    if (kind == "search") {
      call.kind = HostCall::Kind::Search;
      // A search's text is bounded long before this by the index's own limits on its words.
      call.text = text(message, "text", 64 * 1024);
      call.types = texts(message, "types", kMostEffects);
      const auto limit = number(message, "limit");
      if (limit < 1 || limit > static_cast<std::int64_t>(kMostEffects)) {
        throw Malformed{"a search asks for 1 to " + std::to_string(kMostEffects) + " records"};
      }
      call.limit = static_cast<std::size_t>(limit);
    } else if (kind == "linked") {
      call.kind = HostCall::Kind::Linked;
      call.text = text(message, "role", 1024);
    } else {
      throw Malformed{"it is neither a search, a read of linked records nor the run's end"};
    }
    return call;
  } catch (const Malformed& malformed) {
    return Error::of(errors::kMacroMessage, malformed.what);
  }
}

json::object doneMessage(const Result<MacroOutcome>& outcome, std::string_view printed,
                         std::int64_t cpuMilliseconds) {
  json::object done{{"kind", "done"}, {"printed", printed}, {"cpuMilliseconds", cpuMilliseconds}};
  if (outcome) {
    done["outcome"] = outcomeJson(*outcome);
  } else {
    done["error"] = outcome.error().message;
  }
  return done;
}

Result<Done> readDoneMessage(const json::object& message) {
  try {
    if (kindOf(message) != "done") {
      throw Malformed{"it is not the run's end"};
    }
    Done done;
    done.printed = text(message, "printed", kMostPrintBytes + 64);
    done.cpuMilliseconds = number(message, "cpuMilliseconds");
    if (const auto* outcome = message.if_contains("outcome"); outcome != nullptr) {
      done.outcome = readOutcome(objectOf(*outcome, "outcome"));
    } else {
      done.outcome = Error::of(errors::kMacroFailed, text(message, "error", 16 * 1024));
    }
    return done;
  } catch (const Malformed& malformed) {
    return Error::of(errors::kMacroMessage, malformed.what);
  }
}

}  // namespace dossier::sandbox
