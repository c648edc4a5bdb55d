// expect-error: notSupported
// Interface inheritance has no meaning in weft yet (class `extends` copies members).
interface Base {
}

interface NotSupportedInterfaceExtends /*[/expect notSupported]*/extends Base/*[/end]*/ {
}
