#pragma once

#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "http/response.hpp"

namespace dossier::http {

// Sends `length` bytes of `source` from `first` on the stream's socket, the header having gone
// before, in pieces of 2 MiB: each read on `readers`, as a read may wait on a database and an I/O
// thread never waits, and the next piece read while the one before is written, so that the first
// bytes leave at once and the client and the store are busy at the same time. (A store's whole
// copy made first kept a 1 GiB download from starting for seconds, and then sent it at the
// disk's rate after the database's.)
//
// The time allowed is for each piece a client does not take, as for a file (send_file.hpp).
// False when the connection can no longer be used: the client went or stopped reading, or the
// source failed or ended early (the client sees a body shorter than announced).
boost::asio::awaitable<bool> sendSource(boost::beast::tcp_stream& stream,
                                        std::shared_ptr<BodySource> source, std::uint64_t first,
                                        std::uint64_t length, boost::asio::thread_pool& readers,
                                        std::chrono::seconds stalled);

}  // namespace dossier::http
