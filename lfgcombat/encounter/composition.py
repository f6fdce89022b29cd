"""How the :class:`~lfgcombat.encounter.Encounter` is put together: one rule object per
rule class, each holding only its context.

Issue 10: "A module receives a small typed context (Protocol), not the whole Encounter."
Each rule module declares what it uses of an encounter as a ``typing.Protocol`` (its
*context*) and registers its rule class with :func:`rules`::

    @rules(ReactionsContext)
    class ReactionsRules(_Base): ...

:func:`compose` then builds the facade. At run time the rule classes are not the
encounter's bases: each encounter holds one *rule object* per rule class (an instance of a
view class made from the rule class's functions, :class:`RuleObject`) and the facade's
methods delegate to them. A rule object reaches exactly

- its own rule class's methods, properties and class-level defaults;
- the methods its context declares (bound straight to the rule object, or the facade
  method, that implements them: no hop through the facade);
- the state attributes its context declares (read from and written to the encounter, so
  checkpoints, undo and save still see one state).

Anything else raises :class:`ContextError` naming the rule class, the name and the context
to declare it in, at the first use: a rule cannot quietly reach into another's workings.
The Protocols are what mypy checks (``make lint``); this module makes the same contexts
hold at run time (``tests/encounter/test_composition.py``).

A subclass of the facade (prep's ``ScriptedEncounter``) may override a rule's method; the
override is what every rule object calls, its own rule class included, as inheritance
would have it. The facade's delegators keep the rule's name, docstring and signature
(``help(Encounter.attack)``, ``inspect.signature``), and a method returning its rule
object (``return self``, for chaining) returns the encounter instead.
"""

from __future__ import annotations

import functools
import inspect
import operator
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import FunctionType
from typing import Any, TypeVar

__all__ = ["ContextError", "RuleObject", "compose", "rules", "rule_classes",
           "context_of", "Members", "members_of"]

_T = TypeVar("_T", bound=type)

#: Rule class -> its context Protocol, in registration order.
_CONTEXTS: dict[type, type] = {}

#: The attribute every delegator carries: the rule class it delegates to.
_DELEGATES = "_lfg_delegates_to"


class ContextError(TypeError):
    """A rule object used a name its context does not declare (a maintainer's error: add
    the name to the rule module's ``...Context`` Protocol, or call the rule that owns it
    by a declared name)."""


def rules(context: type) -> Callable[[_T], _T]:
    """Register a rule class with its context Protocol (a class decorator)."""
    def register(cls: _T) -> _T:
        _CONTEXTS[cls] = context
        return cls
    return register


def rule_classes() -> list[type]:
    """Every registered rule class, in registration order."""
    return list(_CONTEXTS)


def context_of(rule_class: type) -> type:
    """The context Protocol a rule class was registered with."""
    return _CONTEXTS[rule_class]


@dataclass(frozen=True)
class Members:
    """What a context Protocol declares: state attributes (annotations and properties,
    read through the encounter each time) and methods (bound once per encounter)."""

    state: frozenset[str]
    methods: frozenset[str]


_SKIP = (object, typing.Protocol, typing.Generic)


def members_of(context: type) -> Members:
    """The members a context Protocol declares, its base Protocols' included."""
    state: set[str] = set()
    methods: set[str] = set()
    for klass in context.__mro__:
        if klass in _SKIP:
            continue
        state |= set(vars(klass).get("__annotations__", {}))
        for name, value in vars(klass).items():
            if name.startswith("__") or name.startswith("_abc_") or name == "_is_protocol":
                continue
            if isinstance(value, property):
                state.add(name)
            elif isinstance(value, (FunctionType, classmethod, staticmethod)):
                methods.add(name)
    return Members(frozenset(state), frozenset(methods - state))


def _own(rule_class: type) -> dict[str, Any]:
    """A rule class's own members (its rule-class bases' included, nearest first)."""
    found: dict[str, Any] = {}
    for klass in rule_class.__mro__:
        if klass is object:
            continue
        for name, value in vars(klass).items():
            if not name.startswith("__"):
                found.setdefault(name, value)
    return found


def _is_code(value: Any) -> bool:
    return isinstance(value, (FunctionType, property, staticmethod, classmethod))


class RuleObject:
    """One rule class's view of one encounter (see the module docstring). Made by
    :func:`compose`'s view classes only; its one private slot holds the encounter."""

    __slots__ = ("__encounter",)
    _lfg_rule: type = object
    _lfg_state: frozenset[str] = frozenset()

    def __init__(self, encounter: Any) -> None:
        object.__setattr__(self, "_RuleObject__encounter", encounter)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in type(self)._lfg_state:
            raise AttributeError(name)  # a state attribute not set (getattr's default)
        raise ContextError(
            f"{self._lfg_rule.__name__} used {name!r}, which its context "
            f"{context_of(self._lfg_rule).__name__} does not declare: declare it there "
            f"({self._lfg_rule.__module__})")

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in type(self)._lfg_state:
            raise ContextError(
                f"{self._lfg_rule.__name__} set {name!r}, which its context "
                f"{context_of(self._lfg_rule).__name__} does not declare as state: "
                f"declare it there ({self._lfg_rule.__module__})")
        setattr(self.__encounter, name, value)

    def __repr__(self) -> str:
        return f"<{self._lfg_rule.__name__} of {self.__encounter!r}>"


def _state_property(name: str) -> property:
    """A state attribute of the encounter, read and written through it (read by a C-level
    ``attrgetter``: the rules read state some 25,000 times a fight, issue 24 "Fast")."""
    return property(operator.attrgetter(f"_RuleObject__encounter.{name}"),
                    doc=f"The encounter's {name!r} (state).")


def _delegator(owner: type, name: str, value: Any) -> Any:
    """The facade's member that runs ``value`` (a rule class's member) on its rule object."""
    if isinstance(value, (staticmethod, classmethod)):
        return value  # no instance: the facade class itself
    if isinstance(value, property):
        fget, fset = value.fget, value.fset
        assert fget is not None, f"{owner.__name__}.{name}: a property without a getter"

        @functools.wraps(fget)
        def get(enc: Any) -> Any:
            return fget(enc._rules[owner])
        setter = None
        if fset is not None:
            @functools.wraps(fset)
            def setter(enc: Any, v: Any) -> None:
                fset(enc._rules[owner], v)
        setattr(get, _DELEGATES, owner)
        return property(get, setter, doc=value.__doc__)
    fn = value

    @functools.wraps(fn)
    def call(enc: Any, *args: Any, **kwargs: Any) -> Any:
        view = enc._rules[owner]
        result = fn(view, *args, **kwargs)
        return enc if result is view else result
    setattr(call, _DELEGATES, owner)
    return call


def _check_no_super(owner: type, name: str, value: Any) -> None:
    """A rule method is copied into its view class: ``super()`` would not find its class."""
    fn = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
    code = getattr(fn, "__code__", None)
    if code is not None and "__class__" in code.co_freevars:
        raise ContextError(f"{owner.__name__}.{name} uses super() or __class__; a rule "
                           f"calls another rule by a name its context declares")


def compose(facade: _T, rule_list: Iterable[type]) -> _T:
    """Give ``facade`` (a class with no rule bases) one delegator per member of each rule
    class, and remember the rule classes; :func:`bind` makes the rule objects of each
    instance. A name two rule classes define, or one the facade defines itself, is refused.
    """
    owners: dict[str, type] = {}
    closure = tuple(dict.fromkeys(k for r in rule_list for k in r.__mro__ if k is not object))
    for rule in closure:
        if rule not in _CONTEXTS:
            raise ContextError(f"{rule.__name__} is not registered with @rules(<Context>)")
        for name, value in vars(rule).items():
            if name.startswith("__"):
                continue
            if name in owners and owners[name] is not rule:
                raise ContextError(f"{name!r} is defined by both {owners[name].__name__} "
                                   f"and {rule.__name__}: rule classes never override "
                                   f"each other")
            if name in vars(facade):
                raise ContextError(f"{name!r} is defined by {rule.__name__} and by the "
                                   f"facade {facade.__name__}")
            owners[name] = rule
    for name, owner in owners.items():
        value = vars(owner)[name]
        if _is_code(value):
            _check_no_super(owner, name, value)
            setattr(facade, name, _delegator(owner, name, value))
        else:
            setattr(facade, name, value)  # a class-level default of the rule's state
    facade._lfg_rules = closure  # type: ignore[attr-defined]
    return facade


def _resolves(facade: type, name: str) -> bool:
    try:
        inspect.getattr_static(facade, name)
    except AttributeError:
        return False
    return True


_VIEW_CLASSES: dict[tuple[Any, ...], type] = {}


def _resolved(facade: type) -> dict[str, Any]:
    """Every name of ``facade``'s class namespace as attribute lookup finds it (its MRO's
    dictionaries merged, nearest last)."""
    merged: dict[str, Any] = {}
    for klass in reversed(facade.__mro__):
        merged.update(vars(klass))
    return merged


def view_class(facade: type, rule: type, resolved: Mapping[str, Any] | None = None) -> type:
    """The view class of ``rule`` for encounters of class ``facade``. It is made again
    when the facade's members that the rule defines change (a subclass overriding one, or
    a patch of the class), so a rule object always calls what the facade has when the
    encounter is built; a patch made after that is not seen by that encounter."""
    resolved = _resolved(facade) if resolved is None else resolved
    key = (facade, rule, tuple(id(resolved.get(n)) for n in _own(rule)))
    made = _VIEW_CLASSES.get(key)
    if made is None:
        made = _VIEW_CLASSES[key] = _make_view_class(facade, rule, resolved)
    return made


def _overridden(resolved: Mapping[str, Any], name: str, value: Any) -> bool:
    """Whether the facade's ``name`` is not what :func:`compose` put there for the rule's
    ``value`` (its delegator, or the very static/class method)."""
    there = resolved.get(name)
    if there is value:
        return False
    if isinstance(there, FunctionType) and hasattr(there, _DELEGATES):
        return False
    return not (isinstance(there, property) and getattr(there.fget, _DELEGATES, None))


def _make_view_class(facade: type, rule: type, resolved: Mapping[str, Any]) -> type:
    own = _own(rule)
    ctx = members_of(context_of(rule))
    ns: dict[str, Any] = {}
    state = set(ctx.state)
    slots: list[str] = []
    for name, value in own.items():
        if not _is_code(value):
            state.add(name)  # a class-level default: the rule's own state
        elif not _overridden(resolved, name, value):
            ns[name] = value
        elif isinstance(value, property) or isinstance(resolved.get(name), property):
            state.add(name)  # a subclass's property: read through the encounter
        else:
            slots.append(name)  # a subclass's (or a patch's) method: every caller sees it
    clash = state & set(ns)
    if clash:
        raise ContextError(f"{rule.__name__} declares {sorted(clash)} as state and code")
    for name in state:
        ns[name] = _state_property(name)
    missing = [n for n in ctx.methods if n not in own and not _resolves(facade, n)]
    if missing:
        raise ContextError(f"{context_of(rule).__name__} declares {sorted(missing)}, "
                           f"which nothing in {facade.__name__} implements")
    slots += sorted(n for n in ctx.methods if n not in own)
    ns.update(__slots__=tuple(slots), _lfg_rule=rule, _lfg_state=frozenset(state),
              __module__=rule.__module__, __qualname__=f"{rule.__qualname__}Object",
              __doc__=f"{rule.__name__} bound to one encounter (its context: "
                      f"{context_of(rule).__name__}).")
    return type(f"{rule.__name__}Object", (RuleObject,), ns)


def bind(encounter: Any) -> Mapping[type, RuleObject]:
    """One rule object per rule class for ``encounter``, each holding its context's
    methods bound to whoever implements them."""
    facade = type(encounter)
    resolved = _resolved(facade)
    objects = {rule: view_class(facade, rule, resolved)(encounter)
               for rule in facade._lfg_rules}
    for rule, obj in objects.items():
        for name in type(obj).__slots__:
            object.__setattr__(obj, name, _implementation(encounter, objects, name, resolved))
    return objects


def _implementation(encounter: Any, objects: Mapping[type, RuleObject], name: str,
                    resolved: Mapping[str, Any]) -> Any:
    """The bound method behind ``name``: the owning rule object's, or the facade's own."""
    static = resolved[name]
    if isinstance(static, property):
        raise ContextError(f"{name!r} is a property of {type(encounter).__name__}: a context "
                           f"declares it as a property, not a method")
    owner = getattr(static, _DELEGATES, None)
    if owner is not None:
        return getattr(objects[owner], name)
    return getattr(encounter, name)
