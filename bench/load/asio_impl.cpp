// Asio's and Beast's compiled parts, for when the gateway library does not provide them.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
