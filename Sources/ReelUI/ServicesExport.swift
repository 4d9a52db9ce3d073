// The application services moved out of ReelUI into ReelServices. The
// files other work is still rewriting (PlayerPage, MoviePage) do not
// import it yet; re-exported here, it is visible in every ReelUI file.
// This file goes once those import ReelServices themselves.
@_exported import ReelServices
