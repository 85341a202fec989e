#include "app/hub_socket.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <spdlog/spdlog.h>

#include "auth/errors.hpp"
#include "auth/sessions.hpp"
#include "core/crypto.hpp"
#include "core/json_body.hpp"
#include "db/pool.hpp"
#include "environments/change_feed.hpp"
#include "environments/environment.hpp"
#include "realtime/fanout.hpp"
#include "records/access.hpp"

namespace dossier::app {

namespace {

namespace json = boost::json;

// WebSocket close codes of the application's own range (4000–4999), which the web app tells
// apart: 4401 means sign in again, so it does not reconnect.
constexpr int kNotSignedIn = 4401;
constexpr int kRefused = 4400;

constexpr const char* kBadRecord =
    "watch and unwatch name a record: {\"entity\":\"case\" or \"person\", \"id\": its case "
    "number or person id}.";

// The hub's message for something it could not do.
json::object errorMessage(std::string_view code, std::string message) {
  return {{"type", "error"}, {"error", code}, {"message", std::move(message)}};
}

constexpr const char* kNotHandled = "The message could not be handled.";

}  // namespace

HubSocket::HubSocket(environments::Environment& environment, std::string clientAddress,
                     Dispatch dispatch, MayCall mayCall)
    : environment_(environment),
      clientAddress_(std::move(clientAddress)),
      dispatch_(std::move(dispatch)),
      mayCall_(std::move(mayCall)) {}

void HubSocket::opened(std::shared_ptr<http::SocketPeer> peer) noexcept {
  peer_ = std::move(peer);
}

void HubSocket::closed() noexcept {
  if (subscription_ != 0) {
    environment_.hub().remove(subscription_);
    subscription_ = 0;
  }
  peer_.reset();
}

void HubSocket::send(const json::object& message) {
  if (peer_) {
    peer_->send(json::serialize(message));
  }
}

void HubSocket::fail(std::string_view code, std::string message) {
  send(errorMessage(code, std::move(message)));
}

void HubSocket::received(std::string text) noexcept {
  try {
    boost::system::error_code ec;
    auto value = json::parse(text, ec);
    if (ec || !value.is_object() || textOf(value.as_object(), "type").empty()) {
      fail("hub.malformed",
           "A hub message is a JSON object with a \"type\", such as {\"type\":\"ping\"}.");
      return;
    }
    handle(value.as_object());
  } catch (const std::exception& e) {
    spdlog::error("hub message failed: {}", e.what());
    fail(core::errors::kInternal.code, kNotHandled);
  }
}

void HubSocket::handle(const json::object& message) {
  const auto type = textOf(message, "type");
  if (type == "authenticate") {
    authenticate(message);
    return;
  }
  if (!session_) {
    fail(auth::errors::kNoSession.code,
         "Authenticate first: send {\"type\":\"authenticate\",\"token\":…}.");
    peer_->close(kNotSignedIn, "Authenticate first.");
    return;
  }
  if (type == "ping") {
    send({{"type", "pong"}});
  } else if (type == "watch" || type == "unwatch") {
    watch(message, type == "watch");
  } else if (type == "call") {
    // A call may take long (a save's macro, a task's e-mail): the tab's pings, follows and other
    // calls are not held back behind it. The reply goes by the peer of this moment, which stays
    // whole should the connection close meanwhile.
    peer_->aside([self = shared_from_this(), peer = peer_, message] {
      try {
        peer->send(json::serialize(self->call(message)));
      } catch (const std::exception& e) {
        spdlog::error("hub call failed: {}", e.what());
        peer->send(json::serialize(errorMessage(core::errors::kInternal.code, kNotHandled)));
      }
    });
  } else {
    fail("hub.unknown_type", "The hub does not know the message type '" + type.substr(0, 40) +
                                 "'; it knows authenticate, ping, watch, unwatch and call.");
  }
}

void HubSocket::authenticate(const json::object& message) {
  if (session_) {
    fail("hub.already_authenticated", "This connection is already authenticated.");
    return;
  }
  const auto token = textOf(message, "token");
  if (const auto* offset = message.if_contains("timezoneOffset");
      offset != nullptr && offset->is_int64() && offset->as_int64() >= -840 &&
      offset->as_int64() <= 840) {
    timezoneOffset_ = static_cast<int>(offset->as_int64());
  }
  auto session = [&] {
    auto db = environment_.db().acquire();
    return auth::validateSession(*db, token, environment_.config().sessions, Clock::now());
  }();
  if (!session) {
    fail(session.error().code, session.error().message);
    peer_->close(kNotSignedIn, "Not signed in.");
    return;
  }
  if (session->mustChangePassword) {
    fail(auth::errors::kPasswordChangeRequired.code,
         "You must change your password before you can continue.");
    peer_->close(kNotSignedIn, "Change your password first.");
    return;
  }
  session_ = std::move(session).value();
  token_ = token;
  std::weak_ptr<http::SocketPeer> weak = peer_;
  // Held until it has caught up, so that what it missed comes before what is published now.
  subscription_ = environment_.hub().add(
      {session_->userId, session_->username, std::to_string(session_->sessionId),
       [weak](std::string text) {
         if (auto peer = weak.lock()) {
           peer->send(std::move(text));
         }
       },
       [weak](int code, std::string reason) {
         if (auto peer = weak.lock()) {
           peer->close(code, std::move(reason));
         }
       }},
      true);
  spdlog::info("hub: {} connected from {} to {}", session_->username, clientAddress_,
               environment_.key());
  send({{"type", "welcome"},
        {"user", session_->username},
        {"userId", session_->userId},
        {"connection", subscription_}});
  catchUp(message);
}

namespace {

std::optional<std::int64_t> positionOf(const json::object& resume, std::string_view key) {
  const auto* value = resume.if_contains(key);
  if (value == nullptr || !value->is_int64()) {
    return std::nullopt;
  }
  return value->as_int64();
}

}  // namespace

void HubSocket::catchUp(const json::object& message) {
  // The records the tab has open, given with its authentication so that what it missed of them
  // can be told before anything else.
  std::set<realtime::RecordKey> following;
  if (const auto* watch = message.if_contains("watch"); watch != nullptr && watch->is_array()) {
    for (const auto& item : watch->as_array()) {
      if (!item.is_object()) {
        continue;
      }
      if (auto key = follow(textOf(item.as_object(), "entity"), textOf(item.as_object(), "id"))) {
        following.insert(*key);
      }
    }
  }
  std::vector<std::string> first;
  environments::ChangeFeed::Positions upTo;
  auto* feed = environment_.changeFeed();
  const auto* resume = message.if_contains("resume");
  std::optional<environments::ChangeFeed::Positions> since;
  if (resume != nullptr && resume->is_object()) {
    const auto changes = positionOf(resume->as_object(), "changes");
    const auto notifications = positionOf(resume->as_object(), "notifications");
    if (changes && notifications) {
      since = environments::ChangeFeed::Positions{*changes, *notifications};
    }
  }
  if (feed != nullptr && since) {
    auto missed = feed->missedSince(*since, following,
                                    {session_->userId, session_->username, "", nullptr, nullptr});
    first = std::move(missed.messages);
    if (missed.tooMany) {
      first.push_back(json::serialize(json::object{{"type", "resync"}}));
    }
    upTo = missed.upTo;
  } else if (feed != nullptr) {
    upTo = feed->positions();
  }
  first.push_back(json::serialize(json::object{
      {"type", "caughtUp"},
      {"position",
       json::object{{"changes", upTo.changes}, {"notifications", upTo.notifications}}}}));
  environment_.hub().letGo(subscription_, first);
}

void HubSocket::watch(const json::object& message, bool on) {
  const auto entity = textOf(message, "entity");
  const auto id = textOf(message, "id");
  if (on) {
    follow(entity, id);
  } else if (auto found = visibleRecord(entity, id, false)) {
    environment_.hub().unwatch(subscription_,
                               {types::kindName(found->record.kind), found->record.id});
  }
}

std::optional<records::RecordAccess> HubSocket::visibleRecord(const std::string& entity,
                                                              const std::string& id,
                                                              bool tellWhenHidden) {
  const auto kind = types::kindFromRoute(entity);
  if (!kind || id.empty() || id.size() > 100) {
    fail("hub.bad_record", kBadRecord);
    return std::nullopt;
  }
  auto db = environment_.db().acquire();
  auto found = records::recordAccess(*db, environment_.catalog(), *kind, id, session_->username);
  if (found && found->visible()) {
    return found;
  }
  if (tellWhenHidden) {
    auto error = records::recordNotFound(*kind, id);
    send({{"type", "error"},
          {"error", error.code},
          {"message", error.message},
          {"entity", entity},
          {"id", id}});
  }
  return std::nullopt;
}

std::optional<realtime::RecordKey> HubSocket::follow(const std::string& entity,
                                                     const std::string& id) {
  auto found = visibleRecord(entity, id, true);
  if (!found) {
    return std::nullopt;
  }
  const auto kind = found->record.kind;
  const realtime::RecordKey key{types::kindName(kind), found->record.id};
  if (!environment_.hub().watch(subscription_, key)) {
    fail("hub.watch_limit", "A tab follows at most " +
                                std::to_string(realtime::Fanout::kWatchLimit) +
                                " records at once; close some first.");
    return std::nullopt;
  }
  send({{"type", "watching"},
        {"entity", types::kindName(kind)},
        {"id", found->record.identifier()},
        {"version", found->record.rowVersion}});
  return key;
}

json::object HubSocket::call(const json::object& message) const {
  const auto* id = message.if_contains("id");
  json::value callId = id != nullptr && (id->is_string() || id->is_int64()) ? *id : json::value();
  const auto method = textOf(message, "method");
  const auto path = textOf(message, "path");
  http::Request request;
  request.method = method;
  request.clientAddress = clientAddress_;
  // The tab's own id for the call when it sends one (spec 1 §7, as a request's header), so that
  // its reply, the log and the server's error share it.
  const auto given = textOf(message, "correlationId");
  request.correlationId = http::isCorrelationIdSafe(given) ? given : randomHex(8);
  json::object reply{{"type", "reply"}, {"id", callId}};
  if (method.empty() || path.empty() || !http::parseTarget(path, request) ||
      !mayCall_(method, request)) {
    reply["status"] = 404;
    reply["body"] =
        json::object{{"error", "hub.not_callable"},
                     {"message", "'" + method.substr(0, 10) + " " + path.substr(0, 200) +
                                     "' cannot be called over the hub; send it as a request."}};
    return reply;
  }
  request.headers = {{"x-session-token", token_},
                     {"x-timezone-offset", std::to_string(timezoneOffset_)},
                     {"content-type", "application/json"},
                     {"x-correlation-id", request.correlationId}};
  if (const auto* body = message.if_contains("body"); body != nullptr && !body->is_null()) {
    request.body = json::serialize(*body);
  }
  auto response = dispatch_(request);
  reply["status"] = response.status;
  boost::system::error_code ec;
  auto body = response.body.empty() ? json::value() : json::parse(response.body, ec);
  reply["body"] = ec ? json::value(response.body) : std::move(body);
  return reply;
}

}  // namespace dossier::app
