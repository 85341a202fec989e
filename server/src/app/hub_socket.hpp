#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/socket.hpp"
#include "realtime/fanout.hpp"
#include "records/access.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::app {

// One tab's connection to an environment's realtime hub (docs/architecture.md, "Realtime hub").
// The tab authenticates with its session token first; then it may follow the records it has open
// (and hears when someone changes them), hears its user's notifications, and may make the calls
// the route table lets through the hub (a form's close and save) without a request of their own.
class HubSocket final : public http::SocketHandler, public std::enable_shared_from_this<HubSocket> {
 public:
  // Answers a call made over the hub as if it had come as a request.
  using Dispatch = std::function<http::Response(http::Request&)>;
  using MayCall = std::function<bool(const std::string& method, const http::Request&)>;

  HubSocket(environments::Environment& environment, std::string clientAddress, Dispatch dispatch,
            MayCall mayCall);

  void opened(std::shared_ptr<http::SocketPeer> peer) noexcept override;
  void received(std::string text) noexcept override;
  void closed() noexcept override;

 private:
  void handle(const boost::json::object& message);
  void authenticate(const boost::json::object& message);
  void watch(const boost::json::object& message, bool on);
  // The record a watch or an unwatch names, if this person may see it. A malformed name fails the
  // connection; a record hidden or not there is told to the tab when tellWhenHidden.
  std::optional<records::RecordAccess> visibleRecord(const std::string& entity,
                                                     const std::string& id, bool tellWhenHidden);
  // Follows a record, answering "watching"; nothing (having said why) when it cannot.
  std::optional<realtime::RecordKey> follow(const std::string& entity, const std::string& id);
  // After authenticating: what the tab missed since it last heard (when it says), then how far
  // that brings it; then what was published meanwhile.
  void catchUp(const boost::json::object& message);
  // A call's reply, as the request would be answered. Runs beside the tab's other messages
  // (SocketPeer::aside), so it reads only what authenticating set and nothing changes after.
  boost::json::object call(const boost::json::object& message) const;
  void send(const boost::json::object& message);
  void fail(std::string_view code, std::string message);

  environments::Environment& environment_;
  std::string clientAddress_;
  Dispatch dispatch_;
  MayCall mayCall_;
  std::shared_ptr<http::SocketPeer> peer_;
  std::optional<api::Session> session_;
  std::string token_;
  int timezoneOffset_ = 0;
  std::uint64_t subscription_ = 0;
};

}  // namespace dossier::app
