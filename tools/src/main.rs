//! The `tiefe-tools` binary: the shell commands for the engine's developers (`datagen`,
//! `datagen-pgn`, `tune`, `book build`). `tiefe-tools --help` and `tiefe-tools <command>
//! --help` describe them; a bad argument is reported on stderr with exit status 2.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tiefe_tools::{book, datagen, tune};

/// The tools beside the Tiefe chess engine: training data, the evaluation tuner and
/// opening books.
#[derive(Debug, Parser)]
#[command(name = "tiefe-tools", version = tiefe::VERSION, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Writes training positions for `tiefe-tools tune` from self-play.
    Datagen(datagen::Config),
    /// Writes training positions for `tiefe-tools tune` from played games (match PGNs),
    /// labelled with the scores the engines wrote beside their moves.
    DatagenPgn(datagen::pgn::PgnArgs),
    /// Tunes the evaluation weights on positions from `tiefe-tools datagen`.
    Tune(tune::Args),
    /// Opening books in the Polyglot format.
    #[command(subcommand_required = true, arg_required_else_help = true)]
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Builds a Polyglot book from PGN games.
    ///
    /// Every position of the first plies of each game goes in, its move weighted by how
    /// the game went for the side that played it (win 2, draw 1, loss 0). A game with a
    /// `FEN` tag starts from that position.
    Build(book::BuildArgs),
}

fn main() -> ExitCode {
    // Logs (warnings by default; RUST_LOG=info for progress) go to stderr.
    tiefe::log_to_stderr();

    // A bad argument ends the process here, with a message and exit status 2.
    let cli = Cli::parse();
    match cli.command {
        Command::Datagen(cfg) => match datagen::run(&cfg) {
            Ok(s) => {
                eprintln!(
                    "datagen: {} games, {} positions written to {}",
                    s.games, s.positions, cfg.out
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("datagen: {}: {e}", cfg.out);
                ExitCode::FAILURE
            }
        },
        Command::DatagenPgn(args) => match datagen::pgn::run(&args) {
            Ok(s) => {
                eprintln!(
                    "datagen-pgn: {} games ({} used), {} positions written to {}",
                    s.games, s.used, s.positions, args.out
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("datagen-pgn: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Book {
            command: BookCommand::Build(args),
        } => match book::build_file(&args) {
            Ok(msg) => {
                eprintln!("book: {msg}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("book: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Tune(args) => match tune::main(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tune: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
