// weft's warm Silicon: one JVM verifies many Silver files, one after another.
//
// Starting a JVM and loading Silicon costs seconds; verifying a small program
// in a warm JVM costs a fraction of that. weft starts this driver once per
// worker and sends it requests on standard input, one per line:
//
//     FILE<TAB>SEED<TAB>MODEL  (SEED is a number, or - for Silicon's own;
//                              MODEL is "model" for counterexamples, or -)
//
// For each request it writes to standard output, in this order:
//
//     @weft member NAME MS     one line per member as Silicon finishes it
//     ...                      Silicon's own verdict text, exactly as its
//                              command line prints it ("Silicon finished
//                              verification successfully in ..." or
//                              "Silicon found N errors in ...:" and the
//                              "  [k] MESSAGE" entries)
//     @weft offending L.C--L.C after an entry whose reason's offending node
//                              has a start and an end in the file (line and
//                              column, as in MESSAGE's own position, which
//                              is that of the failing node): the node the
//                              reason names ("… insufficient permission to
//                              access x.f", "Divisor d …"), so weft can find
//                              it by position rather than by its printed text
//     @weft model L.C--L.C     with MODEL, when the program failed: a second
//                              run with Silicon's counterexamples (which need
//                              its more complete exhale mode, so they are not
//                              asked of the run that gives the verdict) found
//                              this failure, at this position, and its model
//                              follows, one "@weft value LINE" per line of
//                              Silicon's mapped counterexample text
//     @weft done               the end of this request's answer
//
// Anything Silicon itself prints goes to standard error, so standard output
// carries only the protocol. A request that throws is answered with
// "@weft crash MESSAGE" before "@weft done": weft reports it as a tool
// failure, never as a verdict. End of input ends the driver. weft kills the
// driver's process group (the JVM and every Z3 it started) on a timeout.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import scala.collection.immutable.ArraySeq;
import viper.silicon.SiliconFrontend;
import viper.silver.ast.AbstractSourcePosition;
import viper.silver.ast.HasLineColumn;
import viper.silver.ast.Position;
import viper.silver.reporter.EntityFailureMessage;
import viper.silver.reporter.EntitySuccessMessage;
import viper.silver.reporter.Message;
import viper.silver.reporter.Reporter;
import viper.silver.verifier.AbstractError;
import viper.silver.verifier.Failure;
import viper.silver.verifier.FailureContext;
import viper.silver.verifier.VerificationError;
import viper.silver.verifier.VerificationResult;

public final class WeftSilicon {
    private WeftSilicon() {}

    /** Reports each finished member on the protocol stream as it happens. */
    private static final class MemberReporter implements Reporter {
        private final PrintStream out;

        MemberReporter(PrintStream out) {
            this.out = out;
        }

        @Override
        public String name() {
            return "weft";
        }

        @Override
        public void report(Message m) {
            if (m instanceof EntitySuccessMessage) {
                EntitySuccessMessage s = (EntitySuccessMessage) m;
                member(s.concerning().name(), s.verificationTime());
            } else if (m instanceof EntityFailureMessage) {
                EntityFailureMessage f = (EntityFailureMessage) m;
                member(f.concerning().name(), f.verificationTime());
            }
        }

        private void member(String name, long ms) {
            // The counterexample run's members were reported by the first run.
            if (out == null) {
                return;
            }
            synchronized (out) {
                out.println("@weft member " + name + " " + ms);
                out.flush();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: WeftSilicon Z3_EXECUTABLE");
            System.exit(2);
        }
        String z3 = args[0];
        PrintStream out =
                new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, "UTF-8");
        // Silicon's own printing must not mix with the protocol.
        System.setOut(System.err);
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        out.println("@weft ready");
        out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            try {
                String seed = parts.length > 1 ? parts[1] : "-";
                boolean model = parts.length > 2 && parts[2].equals("model");
                if (verify(out, z3, parts[0], seed, false) && model) {
                    verify(out, z3, parts[0], seed, true);
                }
            } catch (Throwable t) {
                String msg = String.valueOf(t).replace('\n', ' ');
                out.println("@weft crash " + msg);
            }
            out.println("@weft done");
            out.flush();
        }
    }

    /**
     * Verifies FILE and prints the verdict; with MODEL, prints only the
     * counterexamples of the failures instead. Whether the program failed.
     */
    private static boolean verify(
            PrintStream out, String z3, String file, String seed, boolean model) {
        List<String> args = new ArrayList<>();
        args.add("--z3Exe");
        args.add(z3);
        // The first failure per member, as VerCors (silicon.rs: ERRORS_PER_MEMBER).
        args.add("--numberOfErrorsToReport");
        args.add("1");
        if (!seed.equals("-")) {
            args.add("--proverArgs");
            args.add("smt.random_seed=" + seed + " sat.random_seed=" + seed);
        }
        if (model) {
            args.add("--exhaleMode");
            args.add("1");
            args.add("--counterexample");
            args.add("mapped");
        }
        args.add(file);
        long start = System.nanoTime();
        SiliconFrontend frontend =
                new SiliconFrontend(
                        new MemberReporter(model ? null : out), SiliconFrontend.$lessinit$greater$default$2());
        try {
            frontend.execute(
                    ArraySeq.unsafeWrapArray(args.toArray(new String[0])),
                    frontend.execute$default$2());
            String seconds = String.format("%.2fs", (System.nanoTime() - start) / 1e9);
            VerificationResult result = frontend.result();
            if (model) {
                models(out, result);
                return true;
            }
            synchronized (out) {
                if (result instanceof Failure) {
                    List<AbstractError> errors = new ArrayList<>();
                    ((Failure) result).errors().foreach(e -> errors.add(e));
                    out.println("Silicon found " + errors.size() + " errors in " + seconds + ":");
                    for (int i = 0; i < errors.size(); i++) {
                        AbstractError e = errors.get(i);
                        out.println("  [" + i + "] " + e.readableMessage());
                        String offending = offendingPosition(e);
                        if (offending != null) {
                            out.println("@weft offending " + offending);
                        }
                    }
                    return true;
                } else {
                    out.println("Silicon finished verification successfully in " + seconds + ".");
                }
            }
            return false;
        } finally {
            if (frontend.verifier() != null) {
                frontend.verifier().stop();
            }
        }
    }

    /** Each failure's position and counterexample, as the protocol says. */
    private static void models(PrintStream out, VerificationResult result) {
        if (!(result instanceof Failure)) {
            return;
        }
        List<AbstractError> errors = new ArrayList<>();
        ((Failure) result).errors().foreach(e -> errors.add(e));
        synchronized (out) {
            for (AbstractError e : errors) {
                if (!(e instanceof VerificationError)) {
                    continue;
                }
                VerificationError v = (VerificationError) e;
                String at = range(v.pos());
                List<FailureContext> contexts = new ArrayList<>();
                v.failureContexts().foreach(c -> contexts.add(c));
                for (FailureContext c : contexts) {
                    if (at == null || c.counterExample().isEmpty()) {
                        continue;
                    }
                    out.println("@weft model " + at);
                    for (String line : c.counterExample().get().toString().split("\n")) {
                        out.println("@weft value " + line);
                    }
                    break;
                }
            }
        }
    }

    /**
     * "L.C--L.C" of the node the error's reason names, or null when it has no
     * source position with an end (a node Silicon made, not one it parsed).
     */
    private static String offendingPosition(AbstractError e) {
        if (!(e instanceof VerificationError)) {
            return null;
        }
        // The reason's position is its offending node's (AbstractErrorReason.pos).
        return range(((VerificationError) e).reason().pos());
    }

    /** "L.C--L.C" of a position with a start and an end, else null. */
    private static String range(Position pos) {
        if (!(pos instanceof AbstractSourcePosition)) {
            return null;
        }
        AbstractSourcePosition source = (AbstractSourcePosition) pos;
        if (source.end().isEmpty()) {
            return null;
        }
        HasLineColumn start = source.start();
        HasLineColumn end = source.end().get();
        return start.line() + "." + start.column() + "--" + end.line() + "." + end.column();
    }
}
