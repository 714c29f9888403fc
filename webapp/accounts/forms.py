"""Login and registration forms, with translated messages."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, ValidationError

from webapp.accounts.names import USERNAME_MIN, normalise_username, valid_username
from webapp.accounts.passwords import PASSWORD_MAX, PASSWORD_MIN, Weakness, weakness
from webapp.i18n import lazy_gettext as _l
from webapp.models import USERNAME_MAX

WEAK_PASSWORD = {
    Weakness.COMMON: _l("That password is one of the most common ones. Please choose another."),
    Weakness.BLANK: _l("A password of spaces only is too easy to guess."),
    Weakness.USERNAME: _l("The password must not be your username."),
}


def _name_filter(value: str | None) -> str | None:
    return normalise_username(value) if isinstance(value, str) else value


class LoginForm(FlaskForm):
    username = StringField(
        _l("Username"),
        filters=[_name_filter],
        validators=[InputRequired(message=_l("Enter your username."))],
    )
    password = PasswordField(
        _l("Password"),
        validators=[
            InputRequired(message=_l("Enter your password.")),
            Length(max=PASSWORD_MAX, message=_l("Wrong username or password.")),
        ],
    )
    remember = BooleanField(_l("Remember me on this device"))
    next = HiddenField()


class RegisterForm(FlaskForm):
    username = StringField(
        _l("Username"),
        filters=[_name_filter],
        validators=[InputRequired(message=_l("Choose a username."))],
        description=_l(
            "%(min)d to %(max)d letters, digits or underscores; Chinese characters are welcome.",
            min=USERNAME_MIN,
            max=USERNAME_MAX,
        ),
    )
    password = PasswordField(
        _l("Password"),
        validators=[
            InputRequired(message=_l("Choose a password.")),
            Length(
                min=PASSWORD_MIN,
                max=PASSWORD_MAX,
                message=_l(
                    "The password must have %(min)d to %(max)d characters.",
                    min=PASSWORD_MIN,
                    max=PASSWORD_MAX,
                ),
            ),
        ],
        description=_l("At least %(min)d characters.", min=PASSWORD_MIN),
    )
    confirm = PasswordField(
        _l("Password again"),
        validators=[
            InputRequired(message=_l("Type the password a second time.")),
            EqualTo("password", message=_l("The two passwords differ.")),
        ],
    )
    next = HiddenField()

    def validate_password(self, field: PasswordField) -> None:
        found = weakness(str(field.data or ""), str(self.username.data or ""))
        if found is not None:
            raise ValidationError(WEAK_PASSWORD[found])

    def validate_username(self, field: StringField) -> None:
        if not valid_username(field.data or ""):
            raise ValidationError(
                _l(
                    "A username has %(min)d to %(max)d characters: letters (Chinese characters "
                    "too), digits and underscores.",
                    min=USERNAME_MIN,
                    max=USERNAME_MAX,
                )
            )

